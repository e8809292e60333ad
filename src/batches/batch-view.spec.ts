import { BatchEntity } from './batch.entity';
import { BatchItemRow, finalStatus, toBatchView } from './batch-view';

const item = (batchIndex: number, status: BatchItemRow['status'], pdfUrl: string | null = null, generationError: string | null = null): BatchItemRow => ({
  batchIndex,
  status,
  pdfUrl,
  generationError,
});

describe('a batch as the API reports it', () => {
  it('reports each item by what its job came to: queued, running, succeeded with its file, failed with why', () => {
    const batch = Object.assign(new BatchEntity(), { id: 'b1', status: 'running', mergedPdfUrl: null, createdAt: Date.UTC(2026, 2, 1), finishedAt: null });
    const view = toBatchView(batch, [item(0, 'queued'), item(1, 'rendering'), item(2, 'delivered', 'http://x/files/a.pdf'), item(3, 'failed', null, 'Rendering took longer than 1 ms')]);
    expect(view).toEqual({
      success: true,
      id: 'b1',
      status: 'running',
      items: [
        { index: 0, status: 'queued' },
        { index: 1, status: 'running' },
        { index: 2, status: 'succeeded', pdfUrl: 'http://x/files/a.pdf' },
        { index: 3, status: 'failed', error: 'Rendering took longer than 1 ms' },
      ],
      createdAt: '2026-03-01T00:00:00.000Z',
    });
  });

  it('ends succeeded when every item succeeded, partial when some did, failed when none did', () => {
    const ok = item(0, 'delivered', 'http://x/files/a.pdf');
    const bad = item(1, 'failed', null, 'broke');
    expect(finalStatus([ok, { ...ok, batchIndex: 1 }])).toBe('succeeded');
    expect(finalStatus([ok, bad])).toBe('partial');
    expect(finalStatus([bad])).toBe('failed');
  });
});
