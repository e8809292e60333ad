import type { KeyMode } from '../auth/key-mode';

export const GENERATION_STATUSES = ['succeeded', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** One generation as it is recorded, before it has an id and a time. */
export interface GenerationOutcome {
  workspaceId: string;
  templateId: string;
  templateVersion: string;
  outputFormat: string;
  status: GenerationStatus;
  pdfUrl?: string;
  jobId?: string;
  sizeBytes?: number;
  pages?: number;
  generationTimeMs: number;
  requestId: string;
  mode: KeyMode;
  /** A failed generation's reason: the `details` its 500 answered (DECISIONS section 17). */
  error?: string;
}

export interface GenerationRecord extends GenerationOutcome {
  id: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** A record as GET /api/v1/generations shows it (DECISIONS section 11): absent fields left out. */
export type GenerationView = Omit<GenerationOutcome, 'workspaceId'> & { id: string; createdAt: string };

export function toGenerationView(record: GenerationRecord): GenerationView {
  const { workspaceId: _workspace, createdAt, ...fields } = record;
  const view = { ...fields, createdAt: new Date(createdAt).toISOString() };
  for (const key of ['pdfUrl', 'jobId', 'sizeBytes', 'pages', 'error'] as const) if (view[key] === undefined) delete view[key];
  return view;
}
