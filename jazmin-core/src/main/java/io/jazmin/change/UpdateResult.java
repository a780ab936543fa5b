package io.jazmin.change;

/**
 * What {@code JazminFile.update} did.
 *
 * @param rowCount the table's rows after the update
 * @param inserted rows added (inserts, and upserts that matched no row)
 * @param updated  rows replaced by upserts
 * @param deleted  rows removed by the delete filter
 */
public record UpdateResult(long rowCount, long inserted, long updated, long deleted) {
}
