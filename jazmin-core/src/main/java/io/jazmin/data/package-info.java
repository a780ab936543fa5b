/**
 * What queries take and return: {@link io.jazmin.data.Filter} (built in code or parsed from the filter language's
 * JSON), {@link io.jazmin.data.RowQuery} with its {@link io.jazmin.data.SortKey}s, and the {@link io.jazmin.data.Row}s
 * and {@link io.jazmin.data.ColumnArrays} results. Rows are made by the engine, never by users.
 */
package io.jazmin.data;
