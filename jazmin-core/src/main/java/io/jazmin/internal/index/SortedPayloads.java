package io.jazmin.internal.index;

import java.util.List;

/**
 * A sorted index made ready to write ({@link SortedIndexBuilder#payloads}), so that pages can be
 * cut on a worker thread and written in order by the file's writer.
 *
 * @param pages the pages in key order
 * @param nulls the null-postings section payload, or {@code null} when no cell was null
 */
public record SortedPayloads(List<IndexPage> pages, byte[] nulls) {
    public SortedPayloads {
        pages = List.copyOf(pages);
    }
}
