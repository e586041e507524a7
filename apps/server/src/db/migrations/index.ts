import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.ts';
import * as m0002 from './0002-people.ts';
import * as m0003 from './0003-registries.ts';
import * as m0004 from './0004-plans.ts';
import * as m0005 from './0005-emails.ts';
import * as m0006 from './0006-emails-count.ts';
import * as m0007 from './0007-evidence.ts';
import * as m0008 from './0008-blacklist.ts';
import * as m0009 from './0009-received.ts';
import * as m0010 from './0010-proofs.ts';
import * as m0011 from './0011-emails-search-version.ts';
import * as m0012 from './0012-emails-fillfactor.ts';
import * as m0013oficio from './0013-emails-oficio.ts';
import * as m0014 from './0014-rate-limits.ts';
import * as m0015 from './0015-emails-reached-statuses.ts';
import * as m0016 from './0016-email-accepted.ts';
import * as m0017 from './0017-dashboard-counts.ts';
import * as m0018 from './0018-notifications.ts';
import * as m0019 from './0019-bulk-proofs.ts';
import * as m0020 from './0020-remessas.ts';
import * as m0021 from './0021-transporte-dados.ts';
import * as m0022 from './0022-channels.ts';
import * as m0023 from './0023-simulador-telefone.ts';
import * as m0024 from './0024-voz.ts';
import * as m0025 from './0025-status-notifications.ts';
import * as m0026 from './0026-search-words.ts';
import * as m0027 from './0027-cartas.ts';
import * as m0028 from './0028-cascata.ts';
import * as m0030 from './0030-carta-status-push.ts';
import * as m0033 from './0033-search-words-plpgsql.ts';
import * as m0034 from './0034-remessa-status-push.ts';
import * as m0035 from './0035-dashboard-insert-grouped.ts';
import * as m0036 from './0036-carta-consulta.ts';
import * as m0037 from './0037-evidence-chain-head.ts';
import * as m0038 from './0038-respostas-sem-destino.ts';
import * as m0039 from './0039-simuladores-donos.ts';
import * as m0040 from './0040-sso.ts';
import * as m0041 from './0041-documentos-validar.ts';
import * as m0042 from './0042-integracoes.ts';
import * as m0044 from './0044-backups.ts';
import * as m0046 from './0046-remessa-uma-por-arquivo.ts';

/**
 * Every migration, in order. A module adds its own file (NNNN-module.ts) and one line here;
 * names sort in the order they run.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-people': m0002,
  '0003-registries': m0003,
  '0004-plans': m0004,
  '0005-emails': m0005,
  '0006-emails-count': m0006,
  '0007-evidence': m0007,
  '0008-blacklist': m0008,
  '0009-received': m0009,
  '0010-proofs': m0010,
  '0011-emails-search-version': m0011,
  '0012-emails-fillfactor': m0012,
  '0013-emails-oficio': m0013oficio,
  '0014-rate-limits': m0014,
  '0015-emails-reached-statuses': m0015,
  '0016-email-accepted': m0016,
  '0020-remessas': m0020,
  '0018-notifications': m0018,
  '0017-dashboard-counts': m0017,
  '0019-bulk-proofs': m0019,
  '0021-transporte-dados': m0021,
  '0022-channels': m0022,
  '0023-simulador-telefone': m0023,
  '0024-voz': m0024,
  '0025-status-notifications': m0025,
  '0026-search-words': m0026,
  '0027-cartas': m0027,
  '0028-cascata': m0028,
  '0030-carta-status-push': m0030,
  '0033-search-words-plpgsql': m0033,
  '0034-remessa-status-push': m0034,
  '0035-dashboard-insert-grouped': m0035,
  '0036-carta-consulta': m0036,
  '0037-evidence-chain-head': m0037,
  '0038-respostas-sem-destino': m0038,
  '0039-simuladores-donos': m0039,
  '0040-sso': m0040,
  '0041-documentos-validar': m0041,
  '0042-integracoes': m0042,
  '0044-backups': m0044,
  '0046-remessa-uma-por-arquivo': m0046,
};
