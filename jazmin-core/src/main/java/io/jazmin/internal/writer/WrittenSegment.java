package io.jazmin.internal.writer;

import io.jazmin.internal.catalog.IndexRef;
import io.jazmin.internal.catalog.SectionRef;
import java.util.List;

/**
 * What a table writer added: its rows and chunks, the directory segment listing them
 * ({@code null} when no row was written) and its index segments.
 */
record WrittenSegment(long rows, int chunks, SectionRef directory, List<IndexRef> indexes) {
}
