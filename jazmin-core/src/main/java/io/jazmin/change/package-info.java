/**
 * What in-place changes take and return beyond rows: {@link io.jazmin.change.UpdateChanges}, the
 * deletes, upserts, inserts, metadata merge and file changes of one full update, and its
 * {@link io.jazmin.change.UpdateResult}.
 */
package io.jazmin.change;
