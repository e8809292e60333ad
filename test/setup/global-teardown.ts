import { startedServices } from './started-services';

/** Stops the servers global-setup.ts started, and nothing else. */
export default async function globalTeardown(): Promise<void> {
  for (const stop of startedServices.splice(0).reverse()) await stop();
}
