import { CASCADE_MSG, SENDER_MSG } from '@ar/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showWarning } from '../../../app/alerts.ts';
import { usePublicConfig } from '../../../app/public-config.ts';
import { CASCADE_DEFAULT_KEY, cascadeDefaultCall } from '../../account/account.api.ts';
import { getCustomFieldsCall } from '../../leads/leads.api.ts';
import { PLAN_KEYS, useCredits } from '../../plans/plans.api.ts';
import { tagOptionsCall } from '../emails.api.ts';
import * as calls from './compose.api.ts';

const TAGS_KEY = 'etiquetas-filtro';

/**
 * What the compose screen reads from the server: the pickers (senders, enabled templates, saved
 * recipients, institutions, labels, the recipients' custom fields), the credits and the public
 * settings. A picker that fails to load says so once; the form keeps working without it.
 */
export function useComposeData() {
  const client = useQueryClient();
  const config = usePublicConfig();
  const credits = useCredits();
  const senders = useQuery({ queryKey: ['compose-senders'], queryFn: calls.sendersCall });
  const templates = useQuery({ queryKey: ['compose-templates'], queryFn: calls.enabledTemplatesCall });
  const leads = useQuery({ queryKey: ['compose-leads'], queryFn: calls.leadsPickerCall });
  const institutions = useQuery({ queryKey: ['compose-institutions'], queryFn: calls.institutionsCall });
  const tags = useQuery({ queryKey: [TAGS_KEY], queryFn: tagOptionsCall });
  const customFields = useQuery({ queryKey: ['lead-custom-fields'], queryFn: getCustomFieldsCall });
  const cascadeDefault = useQuery({ queryKey: [CASCADE_DEFAULT_KEY], queryFn: cascadeDefaultCall });
  useLoadWarning(senders.isError, SENDER_MSG.listError);
  useLoadWarning(institutions.isError, SENDER_MSG.institutionsError);
  useLoadWarning(templates.isError, 'Houve um erro ao obter os modelos');
  useLoadWarning(leads.isError, 'Houve um erro ao obter os destinatários');
  useLoadWarning(tags.isError, 'Houve um erro ao obter as etiquetas');
  useLoadWarning(cascadeDefault.isError, CASCADE_MSG.defaultError);

  return {
    config: config.data,
    credits: credits.data,
    creditsPending: credits.isPending,
    senders: senders.data?.senders ?? [],
    templates: templates.data?.modelos ?? [],
    leads: leads.data?.leads ?? [],
    institutions: institutions.data ?? [],
    tags: tags.data?.etiquetas ?? [],
    customFields: customFields.data?.customField.data ?? [],
    /** The user's default cascade (docs/cascade.md) once read: a new draft's panel starts from it. */
    cascadeDefault: cascadeDefault.data,
    /** After a send: the pickers and the credits as they now are. */
    reloadPickers() {
      for (const key of ['compose-templates', TAGS_KEY, 'compose-senders', 'compose-leads', PLAN_KEYS.credits])
        void client.invalidateQueries({ queryKey: [key] });
    },
    reloadTags: () => void client.invalidateQueries({ queryKey: [TAGS_KEY] }),
  };
}

export type ComposeData = ReturnType<typeof useComposeData>;

function useLoadWarning(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) showWarning(message);
  }, [failed, message]);
}
