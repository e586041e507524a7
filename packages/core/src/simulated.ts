/**
 * Evidence made by the demo mode's simulators (docs/simulators.md):
 * the event's details carry `simulado: true`, and every place that shows evidence — the
 * public page, the sent detail, the sending proof, the laudo — says so with this text, so that a
 * demo's evidence cannot be passed off as a provider's.
 */
export const SIMULATED_EVIDENCE = 'simulado — não é prova de entrega real';

/** The notice of a page or document whose message has simulated evidence: its title, and what it means. */
export const SIMULATED_TITLE = 'Evidências simuladas — não são prova de entrega real';
export const SIMULATED_DETAIL =
  'Parte dos eventos desta mensagem veio dos simuladores do modo de demonstração (caixa de saída local, telefone simulado ou provedor de cartas simulado), não de um provedor real.';
/** Both, as two sentences, where there is no title (the PDFs' panels). */
export const SIMULATED_NOTICE = `${SIMULATED_TITLE}. ${SIMULATED_DETAIL}`;

/** Whether an event's details say it came from a simulator. */
export const isSimulatedEvent = (detalhes: unknown): boolean =>
  typeof detalhes === 'object' && detalhes !== null && (detalhes as { simulado?: unknown }).simulado === true;
