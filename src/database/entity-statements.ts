import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { sql, SqlStep } from '../jobs/sql-script';

/**
 * INSERT and UPDATE statements for an entity's table, for an `atomically` script: the values are
 * converted as TypeORM's repositories would store them (a Date as SQLite's text or a PostgreSQL
 * timestamp, a boolean as 0/1 on SQLite, simple-json as text), so the entity reads them back alike.
 */
export function insertEntity<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>, values: Partial<T>): SqlStep {
  const { table, columns, params } = storedColumns(dataSource, entity, values);
  return sql(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...params);
}

/** `where` with `?` placeholders for `whereParams`. */
export function updateEntity<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>, values: Partial<T>, where: string, ...whereParams: unknown[]): SqlStep {
  const { table, columns, params } = storedColumns(dataSource, entity, values);
  return sql(`UPDATE ${table} SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE ${where}`, ...params, ...whereParams);
}

function storedColumns<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>, values: Partial<T>) {
  const metadata = dataSource.getMetadata(entity);
  const columns: string[] = [];
  const params: unknown[] = [];
  for (const [property, value] of Object.entries(values)) {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${metadata.name} has no column ${property}`);
    columns.push(column.databaseName);
    params.push(dataSource.driver.preparePersistentValue(value, column));
  }
  return { table: metadata.tableName, columns, params };
}
