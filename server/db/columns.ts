import { sql, type RawBuilder } from 'kysely';

/**
 * A raw statement's list of named columns, of the table or of its alias `from`. Statements are
 * prepared once per connection and never select `*` (server/db/preparedStatements.ts).
 */
export const namedColumns = (columns: readonly string[], from?: string): RawBuilder<unknown> =>
  sql.join(columns.map((column) => sql.ref(from ? `${from}.${column}` : column)));

/**
 * A table's columns, every one of them, for the statements that name theirs:
 * `everyColumn<UsersTable>()(['id', …])`. A column a migration adds to the table and the list
 * leaves out fails to compile, the error naming it as `missing`.
 */
export const everyColumn =
  <Table>() =>
  <const Columns extends readonly (keyof Table & string)[]>(
    columns: Columns &
      (Exclude<keyof Table, Columns[number]> extends never
        ? unknown
        : { missing: Exclude<keyof Table, Columns[number]> }),
  ): Columns =>
    columns;
