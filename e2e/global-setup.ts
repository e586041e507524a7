// Before the first journey: the shared product's demo history is made (e2e/product.mjs).
import { demoHistoryMade } from './product.mjs';

export default async function globalSetup() {
  await demoHistoryMade(`http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`);
}
