/** Column types shared by the modules' table definitions (snake_case columns, no case plugin). */
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type TimestampNullable = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** jsonb: read as parsed JSON, written as a JSON string (pg would turn a JS array into a SQL array). */
export type Json<T> = ColumnType<T, string, string>;
