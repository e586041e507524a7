import { z } from 'zod';
import { simulatorSecrets } from './config-secrets.ts';
import { ConfigError, url } from './config-values.ts';

/** The phone channels' providers (docs/channels.md, voice.md), merged into config.ts's schema; simulator: the embedded one, at /dev. */
export const channelsEnv = {
  SMS_PROVIDER: z.enum(['none', 'simulator', 'twilio', 'zenvia'], { error: 'use none, simulator, twilio ou zenvia' }).optional(),
  WHATSAPP_PROVIDER: z.enum(['none', 'simulator', 'meta', 'zenvia'], { error: 'use none, simulator, meta ou zenvia' }).optional(),
  TWILIO_ACCOUNT_SID: z.string().trim().min(1).max(64).optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).max(200).optional(),
  /** A number (E.164) or a Messaging Service SID (MG…). */
  TWILIO_FROM: z.string().trim().min(1).max(64).optional(),
  TWILIO_API_URL: url(['http:', 'https:']).default('https://api.twilio.com'),
  /** AR-Voz (docs/voice.md): simulator (the embedded Twilio) or twilio (Programmable Voice, the Twilio account above). */
  VOICE_PROVIDER: z.enum(['none', 'simulator', 'twilio'], { error: 'use none, simulator ou twilio' }).optional(),
  /** The number AR-Voz calls from (E.164, a voice-capable number of the Twilio account). */
  TWILIO_VOICE_FROM: z.string().trim().min(1).max(64).optional(),
  /** Seconds between a busy or unanswered call and the next try (3 tries; docs/voice.md). */
  VOICE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  WHATSAPP_API_URL: url(['http:', 'https:']).default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().min(1).max(64).optional(),
  WHATSAPP_TOKEN: z.string().trim().min(1).max(1000).optional(),
  WHATSAPP_APP_SECRET: z.string().trim().min(1).max(200).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(1).max(200).optional(),
  /** The approved template (language pt_BR): its name at Meta, its templateId at Zenvia. */
  WHATSAPP_TEMPLATE: z.string().trim().min(1).max(512).optional(),
  ZENVIA_API_URL: url(['http:', 'https:']).default('https://api.zenvia.com'),
  ZENVIA_API_TOKEN: z.string().trim().min(1).max(1000).optional(),
  ZENVIA_FROM_SMS: z.string().trim().min(1).max(64).optional(),
  ZENVIA_FROM_WHATSAPP: z.string().trim().min(1).max(64).optional(),
  ZENVIA_WEBHOOK_SECRET: z.string().min(16, 'use ao menos 16 caracteres').max(200).optional(),
  /** The simulator's step between a message's callbacks, in ms (docs/phone-simulator.md); tests set a few ms. */
  SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
};

export interface ChannelsConfig {
  sms: 'none' | 'simulator' | 'twilio' | 'zenvia';
  whatsapp: 'none' | 'simulator' | 'meta' | 'zenvia';
  /** With sms 'simulator': the embedded simulator's Twilio (apiUrl under PUBLIC_URL/dev/twilio). */
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string };
  /** With whatsapp 'simulator': the embedded simulator's Graph API (apiUrl under PUBLIC_URL/dev/graph/v21.0). */
  meta: { apiUrl: string; phoneNumberId: string; token: string; appSecret: string; verifyToken: string; template: string };
  zenvia: { apiUrl: string; apiToken: string; fromSms: string; fromWhatsapp: string; webhookSecret: string };
  /** AR-Voz (docs/voice.md): Twilio's Programmable Voice, or the embedded simulator's (apiUrl under PUBLIC_URL/dev/twilio). */
  voice: {
    provider: 'none' | 'simulator' | 'twilio';
    twilio: { accountSid: string; authToken: string; from: string; apiUrl: string };
    /** Seconds between a try that found the line busy or unanswered and the next. */
    retryDelaySeconds: number;
  };
}

/** Each channel's provider, resolved (withProviders). */
interface Providers {
  SMS_PROVIDER: ChannelsConfig['sms'];
  WHATSAPP_PROVIDER: ChannelsConfig['whatsapp'];
  VOICE_PROVIDER: ChannelsConfig['voice']['provider'];
  LETTER_PROVIDER: 'none' | 'simulator' | 'http';
}

type ChannelsEnv = Omit<z.output<z.ZodObject<typeof channelsEnv>>, keyof Providers> & Providers;

const PROVIDER_KEYS = ['SMS_PROVIDER', 'WHATSAPP_PROVIDER', 'VOICE_PROVIDER', 'LETTER_PROVIDER'] as const;

/**
 * Each channel's provider, its default resolved: the embedded simulator while the simulators are on
 * (SIMULATORS, default on only without DATABASE_URL), none otherwise (the channel is not offered).
 * A provider set to the simulator with the simulators off stops the start: a production
 * configuration never mounts a /dev route (docs/security.md).
 */
export function withProviders<E extends Partial<Providers>>(
  e: E,
  simulators: boolean,
): Omit<E, keyof Providers | 'SIMULATORS'> & Providers & { SIMULATORS: boolean } {
  const fallback = simulators ? ('simulator' as const) : ('none' as const);
  const resolved = {
    ...e,
    SIMULATORS: simulators,
    SMS_PROVIDER: e.SMS_PROVIDER ?? fallback,
    WHATSAPP_PROVIDER: e.WHATSAPP_PROVIDER ?? fallback,
    VOICE_PROVIDER: e.VOICE_PROVIDER ?? fallback,
    LETTER_PROVIDER: e.LETTER_PROVIDER ?? fallback,
  };
  const simulated = PROVIDER_KEYS.filter((k) => !simulators && resolved[k] === 'simulator');
  if (simulated.length)
    throw new ConfigError(
      `Configuração inválida:\n${simulated
        .map((k) => `  ${k}: simulator só com os simuladores ligados (modo de demonstração: sem DATABASE_URL, ou SIMULATORS=true)`)
        .join('\n')}`,
    );
  return resolved;
}

/** The settings each chosen provider needs: missing ones stop the start, named (like every other bad value). */
const PROVIDER_NEEDS: Record<string, (keyof ChannelsEnv)[]> = {
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
  meta: ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_TEMPLATE'],
  zenvia: ['ZENVIA_API_TOKEN', 'ZENVIA_WEBHOOK_SECRET'],
};

/** The simulator's sender number and its Graph API phone number id (not secrets: what its pages show). */
export const SIMULATOR_SMS_FROM = '+5511400400400';
export const SIMULATOR_PHONE_NUMBER_ID = '100000000000001';
export const SIMULATOR_TEMPLATE = 'ar_online_aviso';

export function channelsConfig(e: ChannelsEnv, publicUrl: string, dataDir: string): ChannelsConfig {
  const problems: string[] = [];
  const need = (provider: string, extra: (keyof ChannelsEnv)[] = []) => {
    for (const key of [...(PROVIDER_NEEDS[provider] ?? []), ...extra])
      if (!e[key]) problems.push(`  ${key}: obrigatório com o provedor ${provider}`);
  };
  if (e.SMS_PROVIDER !== 'simulator' && e.SMS_PROVIDER !== 'none')
    need(e.SMS_PROVIDER, e.SMS_PROVIDER === 'zenvia' ? ['ZENVIA_FROM_SMS'] : []);
  if (e.WHATSAPP_PROVIDER !== 'simulator' && e.WHATSAPP_PROVIDER !== 'none')
    need(e.WHATSAPP_PROVIDER, e.WHATSAPP_PROVIDER === 'zenvia' ? ['ZENVIA_FROM_WHATSAPP', 'WHATSAPP_TEMPLATE'] : []);
  if (e.VOICE_PROVIDER === 'twilio')
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VOICE_FROM'] as const)
      if (!e[key]) problems.push(`  ${key}: obrigatório com VOICE_PROVIDER=twilio`);
  if (problems.length) throw new ConfigError(`Configuração inválida:\n${[...new Set(problems)].join('\n')}`);
  // The simulator's credentials come from this installation's own secret, read only when used
  // (a configuration that never reaches the simulator never writes the file).
  const sim = () => simulatorSecrets(dataDir);
  // Twilio's account (SMS and voice share it): the simulator's, or the configured one with its sender.
  const twilioAccount = (simulated: boolean, from: string) =>
    simulated
      ? {
          get accountSid() {
            return sim().twilioAccountSid;
          },
          get authToken() {
            return sim().twilioAuthToken;
          },
          from: SIMULATOR_SMS_FROM,
          apiUrl: `${publicUrl}/dev/twilio`,
        }
      : {
          accountSid: e.TWILIO_ACCOUNT_SID ?? '',
          authToken: e.TWILIO_AUTH_TOKEN ?? '',
          from,
          apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
        };
  const twilio = twilioAccount(e.SMS_PROVIDER === 'simulator', e.TWILIO_FROM ?? '');
  const meta =
    e.WHATSAPP_PROVIDER === 'simulator'
      ? {
          apiUrl: `${publicUrl}/dev/graph/v21.0`,
          phoneNumberId: SIMULATOR_PHONE_NUMBER_ID,
          get token() {
            return sim().metaToken;
          },
          get appSecret() {
            return sim().metaAppSecret;
          },
          get verifyToken() {
            return sim().metaVerifyToken;
          },
          template: SIMULATOR_TEMPLATE,
        }
      : {
          apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
          phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? '',
          token: e.WHATSAPP_TOKEN ?? '',
          appSecret: e.WHATSAPP_APP_SECRET ?? '',
          verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? '',
          template: e.WHATSAPP_TEMPLATE ?? '',
        };
  const voiceTwilio = twilioAccount(e.VOICE_PROVIDER === 'simulator', e.TWILIO_VOICE_FROM ?? '');
  return {
    sms: e.SMS_PROVIDER,
    whatsapp: e.WHATSAPP_PROVIDER,
    twilio,
    meta,
    voice: { provider: e.VOICE_PROVIDER, twilio: voiceTwilio, retryDelaySeconds: e.VOICE_RETRY_DELAY_SECONDS },
    zenvia: {
      apiUrl: e.ZENVIA_API_URL.replace(/\/+$/, ''),
      apiToken: e.ZENVIA_API_TOKEN ?? '',
      fromSms: e.ZENVIA_FROM_SMS ?? '',
      fromWhatsapp: e.ZENVIA_FROM_WHATSAPP ?? '',
      webhookSecret: e.ZENVIA_WEBHOOK_SECRET ?? '',
    },
  };
}
