package io.jazmin.testing;

import io.jazmin.internal.crypto.AccessBundle;
import io.jazmin.internal.crypto.AccessCredential;
import io.jazmin.internal.crypto.KeySlots;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.Trailer;
import java.util.Arrays;

/** A shared file's key slots read from its bytes directly, without the file reader (for the access-control tests). */
public final class SharedFileSlots {
    private SharedFileSlots() {
    }

    /** The bundle sealed in {@code key}'s slot of the shared file {@code bytes}. */
    public static AccessBundle bundle(byte[] bytes, AccessCredential key) {
        Preamble preamble = Preamble.decode(Arrays.copyOf(bytes, Preamble.SIZE));
        Trailer trailer = Trailer.decodeIfValid(bytes, bytes.length - Trailer.SIZE, bytes.length - Trailer.SIZE);
        byte[] list = payload(bytes, trailer.keyslotsOffset(), trailer.keyslotsLength());
        KeySlots.PageRef page = KeySlots.findPage(list, key.slotId());
        KeySlots.Slot slot = KeySlots.findSlot(payload(bytes, page.offset(), page.length()), key.slotId());
        return AccessBundle.parse(key.unseal(slot, preamble.salt(), preamble.fileId()));
    }

    /** The payload of the plain section at {@code offset} of {@code bytes}: what follows its 16-byte envelope. */
    public static byte[] payload(byte[] bytes, long offset, long length) {
        return Arrays.copyOfRange(bytes, (int) offset + 16, (int) (offset + length));
    }
}
