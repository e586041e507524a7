import { describe, expect, it } from 'vitest';
import { composeBody } from './emails.ts';
import { LETTER_MSG, letterAddress, letterAddressLines } from './letter.ts';

const address = {
  nome: ' Ana Beatriz Souza ',
  endereco: 'Avenida Paulista',
  numero: 's/n',
  complemento: '',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estado: 'sp',
  cep: '01310-200',
};
const firstMessage = (value: unknown) => letterAddress.safeParse(value).error?.issues[0]?.message;

describe('the letter address (carta)', () => {
  it('keeps the CEP as digits, the state in upper case, an empty complement as null', () => {
    expect(letterAddress.parse(address)).toEqual({
      nome: 'Ana Beatriz Souza',
      endereco: 'Avenida Paulista',
      numero: 's/n',
      complemento: null,
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      estado: 'SP',
      cep: '01310200',
    });
  });

  it('answers each missing or wrong field in Portuguese', () => {
    expect(firstMessage({ ...address, nome: undefined })).toBe(LETTER_MSG.nome);
    expect(firstMessage({ ...address, endereco: '' })).toBe(LETTER_MSG.endereco);
    expect(firstMessage({ ...address, cidade: ' ' })).toBe(LETTER_MSG.cidade);
    expect(firstMessage({ ...address, estado: 'São Paulo' })).toBe(LETTER_MSG.estado);
    expect(firstMessage({ ...address, cep: '01310-20' })).toBe(LETTER_MSG.cep);
    expect(firstMessage({ ...address, cep: 1310200 })).toBe(LETTER_MSG.cep);
    expect(firstMessage({ ...address, complemento: 'x'.repeat(61) })).toBe(LETTER_MSG.tooLong('O complemento', 60));
  });

  it('prints the lines of the envelope window, the CEP with the city and state last', () => {
    expect(letterAddressLines(letterAddress.parse({ ...address, complemento: 'Conjunto 42' }))).toEqual([
      'Ana Beatriz Souza',
      'Avenida Paulista, s/n - Conjunto 42',
      'Bela Vista',
      '01310-200 São Paulo - SP',
    ]);
  });

  it("is a recipient row's optional carta in the compose payload, with the issue on its field", () => {
    const body = {
      destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana', carta: { ...address, cep: '123' } }],
      nameFrom: 'Cobranca Demo',
      subject: 'Assunto',
      content: '<p>Texto</p>',
    };
    const issue = composeBody.safeParse(body).error?.issues[0];
    expect([issue?.path, issue?.message]).toEqual([['destinataires', 0, 'carta', 'cep'], LETTER_MSG.cep]);
    expect(
      composeBody.parse({ ...body, destinataires: [{ to: 'ana@cliente.test', nameTo: 'Ana' }] }).destinataires[0]?.carta,
    ).toBeUndefined();
  });
});
