import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { devSessionRoutes } from './access.ts';
import { letterSimulatorRoutes } from './letters/letter-simulator.routes.ts';
import { mailboxRoutes } from './mailbox/mailbox.routes.ts';
import { simulatorRoutes } from './phone/simulator.routes.ts';
import { simulatorVoiceRoutes } from './phone/simulator.voice.ts';

/**
 * Everything under /dev (docs/security.md, "Simulators and the local mailbox"): the stand-ins for
 * the outside world that the embedded demo mode runs inside the product. Mounted only when
 * config.simulators is on (SIMULATORS, default on only without DATABASE_URL); a production
 * configuration has no /dev route at all. Each part is mounted only while something uses it.
 */
export function mountSimulators(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.simulators) return;
  // The pages are a signed-in user's: the SPA hands its session over at POST /dev/sessao (access.ts).
  devSessionRoutes(app, ctx);
  if (ctx.config.captureMail) mailboxRoutes(app, ctx);
  // AR-Voz's simulator (docs/voice.md): Twilio's Calls resource, only with VOICE_PROVIDER=simulator.
  const calls = ctx.config.channels.voice.provider === 'simulator' ? simulatorVoiceRoutes(app, ctx) : null;
  // The provider simulator and its phone (docs/channels.md): only while a phone channel is on
  // 'simulator'; the phone lists the simulated calls beside the messages.
  if (ctx.config.channels.sms === 'simulator' || ctx.config.channels.whatsapp === 'simulator' || calls) simulatorRoutes(app, ctx, calls);
  // The letter provider's simulator (docs/letters.md): only while LETTER_PROVIDER=simulator.
  if (ctx.config.letter.provider === 'simulator') letterSimulatorRoutes(app, ctx);
}

/** The names of the simulators this configuration mounts, for the start-up log. */
export function mountedSimulators(config: AppContext['config']): string[] {
  if (!config.simulators) return [];
  const on: string[] = [];
  if (config.captureMail) on.push('caixa de saída local (/dev/mailbox)');
  if (config.channels.sms === 'simulator' || config.channels.whatsapp === 'simulator' || config.channels.voice.provider === 'simulator')
    on.push('telefone simulado (/dev/telefone)');
  if (config.letter.provider === 'simulator') on.push('provedor de cartas simulado (/dev/letters)');
  return on;
}
