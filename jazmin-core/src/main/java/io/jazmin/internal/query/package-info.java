/**
 * Query planning and execution: binding a {@link io.jazmin.data.Filter} to a table's columns, pruning chunks with
 * statistics and indexes, matching rows chunk by chunk on the needed columns only, counting, explaining, and
 * ordering results (file order, bounded top-k or an in-memory sort).
 */
package io.jazmin.internal.query;
