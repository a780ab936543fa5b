package io.jazmin.internal.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RowIdSetTest {

    @Test
    void setOperations() {
        RowIdSet a = RowIdSet.of(5, 1, 3, 3, 9);
        RowIdSet b = RowIdSet.of(3, 4, 9, 10);
        assertArrayEquals(new long[] {1, 3, 5, 9}, a.toArray());
        assertEquals(RowIdSet.of(3, 9), a.intersect(b));
        assertEquals(RowIdSet.of(1, 3, 4, 5, 9, 10), a.union(b));
        assertEquals(RowIdSet.of(1, 3, 4, 5, 9, 10, 11),
                RowIdSet.unionAll(List.of(a, RowIdSet.empty(), b, RowIdSet.of(11))));
        assertEquals(a, RowIdSet.unionAll(List.of(RowIdSet.empty(), a)));
        assertTrue(RowIdSet.unionAll(List.of()).isEmpty());
        assertTrue(a.contains(5));
        assertFalse(a.contains(4));
        assertEquals(4, a.size());
        assertEquals(9, a.get(3));
        assertEquals(18, a.stream().sum());
        assertTrue(a.intersect(RowIdSet.empty()).isEmpty());
    }
}
