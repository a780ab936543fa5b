package io.jazmin.spring.data.core;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/** Collects query results into a list of at most a given number of rows. */
public final class ResultRows {
    private ResultRows() {
    }

    /**
     * The rows of {@code rows} (closed afterwards) as a list.
     *
     * @throws TooManyResultsException as soon as a row past {@code max} is read
     */
    public static <T> List<T> toList(Stream<T> rows, long max, String file) {
        try (rows) {
            List<T> list = new ArrayList<>();
            Iterator<T> it = rows.iterator();
            while (it.hasNext()) {
                T row = it.next();
                if (list.size() >= max) {
                    throw new TooManyResultsException(file, max);
                }
                list.add(row);
            }
            return list;
        }
    }
}
