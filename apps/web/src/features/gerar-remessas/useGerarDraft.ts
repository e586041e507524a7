import {
  compareTransportHeaders,
  type GerarRemessaOptions,
  groupingOf,
  groupSequencedColumns,
  sheetHeader,
  type Transporte,
  type TransporteCampos,
} from '@ar/core';
import { useMemo, useState } from 'react';
import type { SheetSummary } from './sheet.protocol.ts';

export interface ModelFile {
  fileName: string;
  header: string[];
}
export interface SheetFile {
  fileName: string;
  summary: SheetSummary;
}
/** A transport loaded from 'Carregar modelo': saving becomes an update of it (spec 002 §4). */
export interface LoadedTransport {
  id: number;
  nome: string;
}

/**
 * The page's state and its rules: the two files, the two checkboxes, the mapping, the output
 * options and the transport loaded. The fields shown follow the checkboxes; a mapping whose names
 * no longer exist (a checkbox changed, another file loaded) simply does not count.
 */
export function useGerarDraft() {
  const [model, setModel] = useState<ModelFile | null>(null);
  const [sheet, setSheet] = useState<SheetFile | null>(null);
  const [group, setGroup] = useState(true);
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [monetary, setMonetary] = useState<string[]>([]);
  /** remessa field → the value every line takes (instead of a sheet column). */
  const [fixed, setFixed] = useState<Record<string, string>>({});
  const [groupBy, setGroupBy] = useState('');
  const [transport, setTransport] = useState<LoadedTransport | null>(null);
  /** The model header of the transport loaded last: the layout while no model file is loaded. */
  const [transportLayout, setTransportLayout] = useState<string[] | null>(null);
  const [save, setSave] = useState(false);
  const [saveName, setSaveName] = useState('');

  // Without a model file, a loaded transport's own model header is the layout.
  const remessaHeader = useMemo(() => model?.header ?? transportLayout ?? [], [model, transportLayout]);
  const remessaFields = useMemo(() => groupSequencedColumns(remessaHeader, group), [remessaHeader, group]);
  const planilhaOrigin = useMemo(
    () => (sheet ? sheetHeader(sheet.summary.firstRow, hasHeader, sheet.summary.width) : []),
    [sheet, hasHeader],
  );
  const sheetFields = useMemo(() => groupSequencedColumns(planilhaOrigin, group), [planilhaOrigin, group]);

  // A field's fixed value, when it has one, stands instead of its sheet column.
  const fixedNow = useMemo(() => {
    const out: Record<string, string> = {};
    for (const f of remessaFields) if (fixed[f.name]?.trim()) out[f.name] = fixed[f.name] as string;
    return out;
  }, [fixed, remessaFields]);
  const effective = useMemo(() => {
    const sheetNames = new Set(sheetFields.map((f) => f.name));
    const out: Record<string, string> = {};
    for (const f of remessaFields) {
      const chosen = mapping[f.name];
      if (chosen && sheetNames.has(chosen) && !fixedNow[f.name]) out[f.name] = chosen;
    }
    return out;
  }, [mapping, remessaFields, sheetFields, fixedNow]);
  const monetaryNow = useMemo(() => monetary.filter((m) => remessaFields.some((f) => f.name === m)), [monetary, remessaFields]);

  const campos = (): TransporteCampos => ({
    remessa: remessaFields.map((f) => f.name),
    remessaOrigin: remessaHeader,
    planilha: remessaFields.map((f) => effective[f.name] ?? ''),
    planilhaOrigin,
    campoAgrupamento: groupBy.trim(),
    tiposDadosSelected: monetaryNow,
    valoresFixos: fixedNow,
  });

  const options = (): GerarRemessaOptions => ({
    remessaHeader,
    remessaFields,
    sheetHeader: planilhaOrigin,
    sheetFields,
    mapping: effective,
    fixed: fixedNow,
    monetary: monetaryNow,
    groupBy,
  });

  /** Which headers of a transport differ from the files on the page (the warning before loading it). */
  const headersOf = (t: Transporte) =>
    compareTransportHeaders(t.rem_trans_campos, { remessaOrigin: model?.header ?? null, planilhaOrigin });

  const applyTransport = (t: Transporte) => {
    const c = t.rem_trans_campos;
    const grouped = groupingOf(c);
    if (grouped !== null) setGroup(grouped);
    setMapping(Object.fromEntries(c.remessa.map((r, i) => [r, c.planilha[i] ?? ''] as const).filter(([, p]) => p !== '')));
    setMonetary(c.tiposDadosSelected);
    setFixed(c.valoresFixos ?? {});
    setGroupBy(c.campoAgrupamento);
    setTransport({ id: t.rem_trans_codigo, nome: t.rem_trans_nome });
    setTransportLayout(c.remessaOrigin);
    setSaveName(t.rem_trans_nome);
    setSave(false);
  };

  /** A transport removed in the modal: if it was the one loaded, saving creates a new one again. */
  const forgetTransport = (id: number) => {
    if (transport?.id !== id) return;
    setTransport(null);
    setSave(false);
  };

  return {
    model,
    setModel,
    sheet,
    setSheet,
    group,
    setGroup,
    hasHeader,
    setHasHeader,
    mapping: effective,
    map: (field: string, column: string | null) =>
      setMapping((m) => {
        const next = { ...m };
        if (column) next[field] = column;
        else delete next[field];
        return next;
      }),
    fixed,
    setFixedOf: (field: string, value: string) =>
      setFixed((f) => {
        const next = { ...f };
        if (value) next[field] = value;
        else delete next[field];
        return next;
      }),
    monetary: monetaryNow,
    setMonetaryOf: (field: string, on: boolean) =>
      setMonetary((list) => (on ? [...list.filter((f) => f !== field), field] : list.filter((f) => f !== field))),
    groupBy,
    setGroupBy,
    transport,
    save,
    setSave,
    saveName,
    setSaveName,
    remessaHeader,
    remessaFields,
    planilhaOrigin,
    sheetFields,
    hasRemessaSelection: remessaFields.length > 0,
    hasPlanilhaSelection: Object.keys(effective).length > 0,
    campos,
    options,
    headersOf,
    applyTransport,
    forgetTransport,
  };
}

export type GerarDraft = ReturnType<typeof useGerarDraft>;
