package io.jazmin.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.internal.wire.ByteWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Sub-messages written in place (their length patched in before them, the body moved on when the
 * length takes more than one byte) are byte for byte what a buffer per sub-message gave.
 */
class EmbeddedMessagesTest {
    /** A message of some numbers, a byte string and nested messages. */
    record Node(int[] values, byte[] blob, List<Node> children) implements ProtoMessage {
        @Override
        public void encode(ProtoWriter out) {
            for (int v : values) {
                out.uint32(1, v);
            }
            out.bytes(2, blob);
            out.messages(3, children);
            if (!children.isEmpty()) {
                out.message(4, children.get(0));
            }
        }

        /** The encoding with a buffer per sub-message, as before. */
        byte[] reference() {
            ByteWriter w = new ByteWriter();
            for (int v : values) {
                if (v != 0) {
                    w.varint(1 << 3).varint(v);
                }
            }
            if (blob.length > 0) {
                w.varint(2 << 3 | 2).lengthPrefixed(blob);
            }
            for (Node c : children) {
                w.varint(3 << 3 | 2).lengthPrefixed(c.reference());
            }
            if (!children.isEmpty()) {
                w.varint(4 << 3 | 2).lengthPrefixed(children.get(0).reference());
            }
            return w.toByteArray();
        }
    }

    private static Node random(Random random, int depth) {
        int[] values = random.ints(random.nextInt(4), 0, 1 << 20).toArray();
        // Bodies around the one-, two- and three-byte length bounds (127/128, 16,383/16,384).
        int[] sizes = {0, 1, 100, 126, 127, 128, 129, 300, 16_380, 16_384, 20_000};
        byte[] blob = new byte[sizes[random.nextInt(sizes.length)]];
        random.nextBytes(blob);
        List<Node> children = new ArrayList<>();
        if (depth > 0) {
            for (int i = random.nextInt(4); i > 0; i--) {
                children.add(random(random, depth - 1));
            }
        }
        return new Node(values, blob, children);
    }

    @Test
    void nestedMessagesOfEverySizeEncodeAsWithABufferEach() {
        Random random = new Random(42);
        for (int round = 0; round < 300; round++) {
            Node node = random(random, 3);
            assertThat(node.encode()).isEqualTo(node.reference());
        }
    }

    /** A message holding another one encoded on its own, as a byte string: a standalone encode inside one. */
    record Wrapper(Node inner) implements ProtoMessage {
        @Override
        public void encode(ProtoWriter out) {
            out.bytes(1, inner.encode());
        }
    }

    @Test
    void aThreadsKeptWriterGivesTheBytesOfANewOneWhateverItWroteBefore() {
        Random random = new Random(7);
        for (int round = 0; round < 100; round++) {
            Node node = random(random, 3);
            byte[] inner = node.reference();
            byte[] expected = inner.length == 0 ? new byte[0]
                    : new ByteWriter().varint(1 << 3 | 2).lengthPrefixed(inner).toByteArray();
            assertThat(new Wrapper(node).encode()).isEqualTo(expected);
            assertThat(node.encode()).isEqualTo(inner);
        }
    }

    @Test
    void anEmptyMessageIsItsTagAndAZeroLength() {
        Node empty = new Node(new int[0], new byte[0], List.of());
        Node parent = new Node(new int[0], new byte[0], List.of(empty));
        assertThat(parent.encode()).containsExactly(3 << 3 | 2, 0, 4 << 3 | 2, 0);
    }
}
