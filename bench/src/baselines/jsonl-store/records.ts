// Baseline fixture (see README.md here): the record checks are the server's own (it still imports such files), so
// they are not copied; only the prefix the frozen store wrote its lines with is.
export { InvalidRecordError, toStoredRecord, type StoredRecord } from "../../../../apps/server/src/store/records";

/** What every record line starts with, because `JSON.stringify` keeps the order the store builds it in. */
export const RECORD_PREFIX = '{"pet":{"id":';
