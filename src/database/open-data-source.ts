import { DataSource, DataSourceOptions } from 'typeorm';
import { withClusterLock } from './cluster-lock';

/** Connects and brings the schema up to date; replicas starting together take turns at the migrations. */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  try {
    await withClusterLock(dataSource, 'pdfgen:migrations', () => dataSource.runMigrations());
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
