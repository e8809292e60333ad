/** Where a page of the history ended: the last record's time and id, newest first. */
export interface HistoryPosition {
  createdAt: number;
  id: string;
}

const POSITION = /^(\d{1,15})\.([0-9a-f-]{36})$/;

/** Opaque to callers: they only hand back what `nextCursor` gave them. */
export function encodeCursor(position: HistoryPosition): string {
  return Buffer.from(`${position.createdAt}.${position.id}`).toString('base64url');
}

/** The position a cursor names, or null when it is not one this endpoint made. */
export function decodeCursor(cursor: string): HistoryPosition | null {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  return match ? { createdAt: Number(match[1]), id: match[2] } : null;
}
