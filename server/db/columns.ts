import { sql, type RawBuilder } from 'kysely';

/**
 * A raw statement's list of named columns, of the table or of its alias `from`. Statements are
 * prepared once per connection and never select `*` (server/db/preparedStatements.ts).
 */
export const namedColumns = (columns: readonly string[], from?: string): RawBuilder<unknown> => sql.join(columns.map((column) => sql.ref(from ? `${from}.${column}` : column)));
