import { WHITELIST_MSG, type WhitelistEntry } from '@ar/core';
import { RegistryListPage } from '../../components/RegistryListPage.tsx';
import { WhitelistModal } from './WhitelistModal.tsx';
import { deleteEntryCall, getEntryCall } from './whitelist.api.ts';

/** /cadastros/whitelist (spec 001 §2.4). The list answers its rows in `leads` (spec 001 §7). */
export default function WhitelistPage() {
  return (
    <RegistryListPage<WhitelistEntry>
      title="Whitelist"
      list={{
        queryKey: 'whitelist',
        path: '/whitelist',
        field: 'leads',
        limit: 10,
        column: 'whi_codigo',
        order: 'DESC',
        failed: WHITELIST_MSG.listError,
      }}
      get={{ call: getEntryCall, failed: WHITELIST_MSG.getError }}
      remove={{ call: deleteEntryCall, name: (w) => w.whi_email, done: WHITELIST_MSG.removed, failed: WHITELIST_MSG.removeError }}
      rowId={(w) => w.whi_codigo}
      searchPlaceholder="Pesquisar por ID ou E-mail"
      createLabel="Novo"
      columns={[
        { key: 'whi_codigo', title: 'ID', sortable: true, width: 90 },
        { key: 'whi_email', title: 'E-mail', sortable: true },
      ]}
      modal={(entry, { close, saved }) => <WhitelistModal entry={entry} onClose={close} onSaved={saved} />}
    />
  );
}
