/**
 * Change files (spec §1.22), the engine side of {@code io.jazmin.ChangeFiles}: a sender's changes
 * checked and written as a small key file, and a received change file planned against the file's
 * current {@code package.edit} and rows (refused, held as conflicts, applied) and landed as one
 * append or rewrite under the writer lock; for a shared file, the sender identified by its grant's
 * submission key and limited to that grant's partitions and column groups.
 */
package io.jazmin.internal.changefile;
