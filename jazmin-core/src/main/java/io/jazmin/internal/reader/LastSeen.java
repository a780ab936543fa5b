package io.jazmin.internal.reader;

import io.jazmin.options.AccessState;
import io.jazmin.error.JazminAccessExpiredException;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.internal.crypto.AccessCredential;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The last-seen record of a time-limited grant (spec §1.20), shared with the JavaScript and .NET
 * libraries: file {@code <file id hex>.<key id hex>.json} in the {@link AccessState} directory,
 * content {@code {"lastSeen": <epoch ms>, "mac": <hex>}} with the MAC only the access key's holder
 * can make. Opening refuses a clock more than 5 minutes before the recorded time and moves the
 * record forward when the clock is later; a record whose MAC does not match is refused.
 */
final class LastSeen {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private LastSeen() {
    }

    /**
     * Checks the clock against {@code key}'s record for file {@code fileId}, then records {@code now}
     * when it is later than the record.
     *
     * @throws JazminAccessExpiredException when {@code now} is more than 5 minutes before the record
     * @throws JazminKeyException           when the record was changed (its MAC does not match) or is not a record
     * @throws JazminIoException            when the record cannot be read or written
     */
    static void check(AccessState state, AccessCredential key, byte[] fileId, Instant now) {
        if (!state.enabled()) {
            return;
        }
        Path record = state.directory().resolve(HexFormat.of().formatHex(fileId) + "." + key.keyId() + ".json");
        long lastSeen = read(record, key, fileId);
        long millis = now.toEpochMilli();
        if (lastSeen >= 0 && millis < lastSeen - Expiry.SKEW.toMillis()) {
            throw new JazminAccessExpiredException(key.keyId(), "key " + key.keyId() + " expires, and the clock ("
                    + now + ") is earlier than the last time it opened this file (" + Instant.ofEpochMilli(lastSeen)
                    + "): the clock was set back; check the system clock");
        }
        if (millis > lastSeen) {
            write(record, "{\"lastSeen\":" + millis + ",\"mac\":\"" + key.lastSeenMac(fileId, millis) + "\"}");
        }
    }

    /** The record's time, or -1 when there is no record. */
    private static long read(Path record, AccessCredential key, byte[] fileId) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(record);
        } catch (NoSuchFileException e) {
            return -1;
        } catch (IOException e) {
            throw new JazminIoException("cannot read the last-seen record", record, e);
        }
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (JacksonException e) {
            root = null;
        }
        JsonNode lastSeen = root == null || !root.isObject() ? null : root.get("lastSeen");
        JsonNode mac = root == null || !root.isObject() ? null : root.get("mac");
        if (lastSeen == null || !lastSeen.isIntegralNumber() || !lastSeen.canConvertToLong() || lastSeen.asLong() < 0
                || mac == null || !mac.isString()) {
            throw new JazminKeyException("the last-seen record " + record + " of key " + key.keyId()
                    + " is not a last-seen record");
        }
        long at = lastSeen.asLong();
        byte[] expected = key.lastSeenMac(fileId, at).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, mac.asString().getBytes(StandardCharsets.US_ASCII))) {
            throw new JazminKeyException("the last-seen record " + record + " of key " + key.keyId()
                    + " does not match its MAC: it was changed");
        }
        return at;
    }

    /** Writes the record beside itself first, then moves it into place, so a reader never sees half of one. */
    private static void write(Path record, String json) {
        try {
            Files.createDirectories(record.getParent());
            Path temp = Files.createTempFile(record.getParent(), "." + record.getFileName(), ".tmp");
            try {
                Files.writeString(temp, json, StandardCharsets.UTF_8);
                try {
                    Files.move(temp, record, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, record, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot write the last-seen record", record, e);
        }
    }
}
