import type { Pagination } from '@ar/core';
import type { CSSProperties, ReactNode } from 'react';
import type { TableState } from './table-state.ts';

export interface PagedColumn<T> {
  key: string;
  title: string;
  sortable?: boolean;
  width?: number | string;
  render?: (row: T) => ReactNode;
}

export interface FilterOption {
  value: string;
  label: string;
  /** For the status filter: the channel key sent to the server (email, sms, whatsapp, voz). */
  group?: string;
  /** How the group is shown, when it differs from its key. */
  groupLabel?: string;
}

export interface PagedTableProps<T> {
  columns: PagedColumn<T>[];
  rows: T[];
  pagination?: Pagination;
  loading?: boolean;
  error?: boolean;
  state: TableState;
  onStateChange: (next: TableState) => void;
  rowKey: (row: T) => string | number;
  searchPlaceholder: string;
  /** A visible label over the search box (its accessible name too); 'Pesquisar' when absent. */
  searchLabel?: string;
  tagOptions?: FilterOption[];
  statusOptions?: FilterOption[];
  onRowClick?: (row: T) => void;
  rowStyle?: (row: T) => CSSProperties | undefined;
  toolbar?: ReactNode;
}
