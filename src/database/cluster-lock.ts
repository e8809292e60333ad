import type { DataSource } from 'typeorm';

/**
 * Runs `task` while holding the PostgreSQL advisory lock `name`, so that of several replicas
 * starting at once only one does it at a time (migrations, bootstrap). The lock is held on a
 * connection of its own and ends with that session, even if the process dies mid-task.
 * SQLite is one file on one host, served by one process: there is nobody to wait for.
 */
export async function withClusterLock<T>(dataSource: DataSource, name: string, task: () => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'postgres') return task();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await task();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await runner.release();
  }
}
