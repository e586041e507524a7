/**
 * The call's TwiML (docs/voice.md): the notice read in Brazilian Portuguese twice — who sends, the
 * subject, the protocol and how to open the message — then a Gather asking for 1 to confirm it was
 * heard. Everything said comes from the stored message; every value is escaped for XML.
 */

export function xmlEscape(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

/** The protocol as a voice says it: its first eight characters, one by one (the full uuid is on the page). */
export function spokenProtocol(uuid: string): string {
  return uuid.replace(/-/g, '').slice(0, 8).toUpperCase().split('').join(' ');
}

export interface NoticeParts {
  nameFrom: string;
  subject: string;
  uuid: string;
  /** The product's public address (PUBLIC_URL's host), said as where to open the message. */
  site: string;
}

/** The notice's words. */
export function voiceNotice(p: NoticeParts): string {
  return (
    `Olá. Esta é uma mensagem registrada do AR Online. ${p.nameFrom} enviou a você uma mensagem com o assunto: ${p.subject}. ` +
    `Protocolo: ${spokenProtocol(p.uuid)}. ` +
    `Para abrir a mensagem, use o link recebido por e-mail ou SMS, ou acesse ${p.site} e informe o protocolo.`
  );
}

export const VOICE_CONFIRM_PROMPT = 'Para confirmar que ouviu este aviso, pressione 1.';
export const VOICE_THANKS = 'Obrigado. Sua confirmação foi registrada. Até logo.';
export const VOICE_NO_KEY = 'Nenhuma confirmação recebida. Até logo.';

const say = (text: string) => `<Say language="pt-BR">${xmlEscape(text)}</Say>`;

export function voiceTwiml(p: NoticeParts, gatherActionUrl: string): string {
  const notice = voiceNotice(p);
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Response>' +
    say(notice) +
    '<Pause length="1"/>' +
    say(`Repetindo. ${notice}`) +
    `<Gather numDigits="1" timeout="10" method="POST" action="${xmlEscape(gatherActionUrl)}">${say(VOICE_CONFIRM_PROMPT)}</Gather>` +
    say(VOICE_NO_KEY) +
    '</Response>'
  );
}

/** The answer to the Gather's post: thanks for 1, else the prompt once more. */
export function digitsAnswerTwiml(confirmed: boolean, gatherActionUrl: string): string {
  return confirmed
    ? `<?xml version="1.0" encoding="UTF-8"?><Response>${say(VOICE_THANKS)}<Hangup/></Response>`
    : '<?xml version="1.0" encoding="UTF-8"?><Response>' +
        `<Gather numDigits="1" timeout="10" method="POST" action="${xmlEscape(gatherActionUrl)}">${say(VOICE_CONFIRM_PROMPT)}</Gather>` +
        `${say(VOICE_NO_KEY)}</Response>`;
}
