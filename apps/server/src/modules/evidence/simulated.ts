import type { Config } from '../../config.ts';

type Canal = 'email' | 'sms' | 'whatsapp' | 'voz' | 'carta';

/**
 * Whether `canal`'s provider in this installation is one of the demo mode's simulators (the
 * captured mailbox for e-mail): then what the "provider" reports is not evidence of a real
 * delivery, and the event says so (@ar/core's SIMULATED_EVIDENCE).
 */
export function isSimulatedChannel(config: Config, canal: Canal): boolean {
  switch (canal) {
    case 'email':
      return config.captureMail;
    case 'sms':
      return config.channels.sms === 'simulator';
    case 'whatsapp':
      return config.channels.whatsapp === 'simulator';
    case 'voz':
      return config.channels.voice.provider === 'simulator';
    case 'carta':
      return config.letter.provider === 'simulator';
  }
}

/** The mark a provider event's details get when its channel is simulated: spread it into `detalhes`. */
export const simulatedMark = (config: Config, canal: Canal): { simulado?: true } =>
  isSimulatedChannel(config, canal) ? { simulado: true } : {};
