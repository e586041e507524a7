/**
 * Evidence made by the demo mode's simulators (docs/security.md, "Simulators and the local
 * mailbox"): the event's details carry `simulado: true`, and every place that shows evidence — the
 * public page, the sent detail, the sending proof, the laudo — says so with this text, so that a
 * demo's evidence cannot be passed off as a provider's.
 */
export const SIMULATED_EVIDENCE = 'simulado — não é prova de entrega real';

/** The longer notice of a document or page whose message has simulated evidence. */
export const SIMULATED_NOTICE =
  'Evidências simuladas: parte dos eventos desta mensagem veio dos simuladores do modo de demonstração (caixa de saída local, telefone simulado ou provedor de cartas simulado), não de um provedor real — simulado, não é prova de entrega real.';

/** Whether an event's details say it came from a simulator. */
export const isSimulatedEvent = (detalhes: unknown): boolean =>
  typeof detalhes === 'object' && detalhes !== null && (detalhes as { simulado?: unknown }).simulado === true;
