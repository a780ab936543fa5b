package io.jazmin.spring.boot.autoconfigure.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.springframework.data.domain.KeysetScrollPosition;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;

/**
 * Collects every comparison with the oracle as a soft assertion (so one run reports every
 * mismatch, each labelled with the method and its input) and counts them.
 */
final class Checks {
    private final SoftAssertions softly = new SoftAssertions();
    private int count;

    /** {@code actual} (computed now; a thrown exception is a failed check) equals {@code expected}. */
    void eq(String label, Supplier<?> actual, Object expected) {
        count++;
        try {
            softly.assertThat(actual.get()).as(label).isEqualTo(expected);
        } catch (RuntimeException e) {
            softly.fail(label + " threw " + e, e);
        }
    }

    /** The stream's elements, the stream closed, equal {@code expected}. */
    <T> void stream(String label, Supplier<Stream<T>> actual, List<?> expected) {
        eq(label, () -> {
            try (Stream<T> s = actual.get()) {
                return s.toList();
            }
        }, expected);
    }

    /** The page's content, total and next-page flag match {@code all}, the whole ordered result. */
    <T> void page(String label, Supplier<Page<T>> actual, List<T> all, int page, int size) {
        eq(label, () -> {
            Page<T> p = actual.get();
            return List.of(p.getContent(), p.getTotalElements(), p.getTotalPages(), p.hasNext());
        }, List.of(slice(all, page, size), (long) all.size(), (all.size() + size - 1) / size,
                (long) (page + 1) * size < all.size()));
    }

    /** The slice's content and next-slice flag match {@code all}. */
    <T> void slice(String label, Supplier<Slice<T>> actual, List<T> all, int page, int size) {
        eq(label, () -> {
            Slice<T> s = actual.get();
            return List.of(s.getContent(), s.hasNext());
        }, List.of(slice(all, page, size), (long) (page + 1) * size < all.size()));
    }

    /**
     * Scrolls from {@code start} to the end, window by window, checking each window's content and
     * {@code hasNext} against {@code all}; with a keyset start, also scrolls back one window from the last.
     */
    <T> void scroll(String label, Function<ScrollPosition, Window<T>> query, ScrollPosition start, List<T> all,
                    int size) {
        ScrollPosition position = start;
        List<Window<T>> windows = new ArrayList<>();
        for (int i = 0; i * size <= all.size(); i++) {
            ScrollPosition at = position;
            Window<T> window;
            try {
                window = query.apply(at);
            } catch (RuntimeException e) {
                count++;
                softly.fail(label + " window " + i + " from " + at + " threw " + e, e);
                return;
            }
            windows.add(window);
            int index = i;
            eq(label + " window " + i + " from " + at, () -> List.of(window.getContent(), window.hasNext()),
                    List.of(slice(all, index, size), (long) (index + 1) * size < all.size()));
            if (!window.hasNext() || window.isEmpty()) {
                break;
            }
            position = window.positionAt(window.size() - 1);
        }
        if (start instanceof KeysetScrollPosition && windows.size() >= 2) {
            Window<T> last = windows.get(windows.size() - 1);
            List<T> before = windows.get(windows.size() - 2).getContent();
            ScrollPosition back = ((KeysetScrollPosition) last.positionAt(0)).backward();
            eq(label + " backward from " + back, () -> query.apply(back).getContent(), before);
        }
    }

    int count() {
        return count;
    }

    void assertAll() {
        softly.assertAll();
    }

    private static <T> List<T> slice(List<T> all, int page, int size) {
        int from = Math.min(all.size(), page * size);
        return all.subList(from, Math.min(all.size(), from + size));
    }
}
