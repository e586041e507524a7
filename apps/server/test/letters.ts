// The postal address the AR-Carta tests write to (docs/letters.md), as a person types it: every
// field of compose's `carta`, the CEP with its hyphen. A test that needs another form spreads it.
export const LETTER_ADDRESS = {
  nome: 'Ana Beatriz Souza',
  endereco: 'Avenida Paulista',
  numero: '1578',
  complemento: 'Conjunto 42',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estado: 'SP',
  cep: '01310-200',
};
