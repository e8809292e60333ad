/**
 * Stop functions of the servers this test run started. Kept on globalThis: Jest runs global setup
 * and teardown in one process, but may load this module twice.
 */
const holder = globalThis as { __pdfgenStartedServices?: Array<() => Promise<void>> };
export const startedServices = (holder.__pdfgenStartedServices ??= []);
