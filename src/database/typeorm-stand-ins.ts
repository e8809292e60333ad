import type { DataSource } from 'typeorm';
import { standIn } from '../engine/module-stand-in';

/** The drivers dataSourceOptions chooses from, by TypeORM type: the module and its export. */
const OUR_DRIVERS: Record<string, [file: string, name: string]> = {
  'better-sqlite3': ['typeorm/driver/better-sqlite3/BetterSqlite3Driver', 'BetterSqlite3Driver'],
  postgres: ['typeorm/driver/postgres/PostgresDriver', 'PostgresDriver'],
};

type Loader = (logger: unknown, directories: string[], formats?: string[]) => Promise<unknown[]>;
type JsonLoader = (directories: string[], format?: string) => unknown[];

/**
 * TypeORM, without the code of the databases we never connect to. Its DriverFactory loads all
 * seventeen drivers to pick one, and its directory loader loads glob to find entities we list as
 * classes: 1.5 MB of source text on the HTTP thread's heap (MySQL, SQL Server, Oracle, SAP,
 * Spanner, CockroachDB, MongoDB query runners; heap snapshot under the HTTP bench), which the old
 * generation's growth then multiplies. Any other type or a glob still goes to TypeORM's own code.
 * Call before TypeORM loads (main.ts); test/process/module-stand-ins.spec.ts runs it.
 */
export function standInForTypeOrm(): void {
  standIn('typeorm', 'typeorm/driver/DriverFactory', (loadReal, fromTypeOrm) => ({
    DriverFactory: class DriverFactory {
      create(connection: DataSource): unknown {
        const ours = OUR_DRIVERS[connection.options.type];
        if (!ours) return new (loadReal() as { DriverFactory: new () => DriverFactory }).DriverFactory().create(connection);
        const [file, name] = ours;
        const Driver = (fromTypeOrm(file) as Record<string, new (connection: DataSource) => unknown>)[name];
        return new Driver(connection);
      }
    },
  }));
  standIn('typeorm', 'typeorm/util/DirectoryExportedClassesLoader', (loadReal) => {
    const real = () => loadReal() as { importClassesFromDirectories: Loader; importJsonsFromDirectories: JsonLoader };
    return {
      importClassesFromDirectories: (logger: unknown, directories: string[], formats?: string[]) =>
        directories.length === 0 ? Promise.resolve([]) : real().importClassesFromDirectories(logger, directories, formats),
      importJsonsFromDirectories: (directories: string[], format?: string) => (directories.length === 0 ? [] : real().importJsonsFromDirectories(directories, format)),
    };
  });
}
