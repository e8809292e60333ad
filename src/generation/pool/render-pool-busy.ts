/** No render worker came free in time, or the line for one is full: overload, not a fault of the request. */
export class RenderPoolBusy extends Error {
  constructor() {
    super('All render workers are busy');
    this.name = 'RenderPoolBusy';
  }
}
