/** Something /readyz asks before answering 200: the store, the file store, the queue. */
export interface ReadinessProbe {
  readonly name: string;
  check(): Promise<void>;
}

/** Modules that own a dependency provide a probe under this token (see HealthModule). */
export const QUEUE_READINESS = Symbol('QUEUE_READINESS');
