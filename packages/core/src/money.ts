const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** R$ 1.234,56 (with an ordinary space, so that it prints the same in every font). */
export const formatBrl = (value: number) => BRL.format(value).replace(/\s/g, ' ');
