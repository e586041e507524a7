import { SIMULATOR_SMS_FROM } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Courier } from './simulator.courier.ts';
import type { MetaBusiness } from './simulator.payloads.ts';

/**
 * The embedded provider simulator (docs/phone-simulator.md): Twilio's Messages resource and
 * the Cloud API's /messages, answered as the providers answer, then the product called back with
 * signed callbacks after realistic delays; and the phone's side, for /dev/telefone.
 */
export interface Simulator {
  ctx: AppContext;
  courier: Courier;
}

/** The product's own addresses the providers call (docs/channels.md). */
export const whatsappWebhookUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/v2/webhooks/whatsapp`;
export const smsInboundUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/v2/webhooks/twilio/sms-inbound`;

export const business = (ctx: AppContext): MetaBusiness => ({
  appSecret: ctx.config.channels.meta.appSecret,
  phoneNumberId: ctx.config.channels.meta.phoneNumberId,
  displayNumber: SIMULATOR_SMS_FROM.slice(1),
});

export const twilioAuth = (ctx: AppContext) => ({
  accountSid: ctx.config.channels.twilio.accountSid,
  authToken: ctx.config.channels.twilio.authToken,
});
