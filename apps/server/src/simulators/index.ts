import type { FastifyInstance } from 'fastify';
import { type Config, simulatorsOf } from '../config.ts';
import type { AppContext } from '../context.ts';
import { letterSimulatorRoutes } from './letters/letter-simulator.routes.ts';
import { mailboxRoutes } from './mailbox/mailbox.routes.ts';
import { simulatorRoutes } from './phone/simulator.routes.ts';
import { simulatorVoiceRoutes } from './phone/simulator.voice.ts';

/** Everything under /dev: a production configuration has no /dev route at all. */
export function mountSimulators(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.simulators) return;
  const on = simulatorsOf(ctx.config);
  // The pages are a signed-in user's: the product's session cookie (access.ts).
  if (on.mailbox) mailboxRoutes(app, ctx);
  // AR-Voz's simulator (docs/voice.md): Twilio's Calls resource.
  const calls = on.voice ? simulatorVoiceRoutes(app, ctx) : null;
  // The provider simulator and its phone (docs/channels.md).
  if (on.phone) simulatorRoutes(app, ctx, calls);
  // The letter provider's simulator (docs/letters.md).
  if (on.letters) letterSimulatorRoutes(app, ctx);
}

/** The names of the simulators this configuration mounts, for the start-up log. */
export function mountedSimulators(config: Config): string[] {
  const on = simulatorsOf(config);
  return [
    on.mailbox && 'caixa de saída local (/dev/mailbox)',
    on.phone && 'telefone simulado (/dev/telefone)',
    on.letters && 'provedor de cartas simulado (/dev/letters)',
  ].filter((name): name is string => !!name);
}
