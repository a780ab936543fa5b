package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminIoException;
import io.jazmin.options.ReadLimits;
import io.jazmin.options.ReadOptions;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.TableEntry;
import io.jazmin.internal.json.JsonTexts;
import io.jazmin.internal.crypto.AccessBundle;
import io.jazmin.internal.crypto.AccessCredential;
import io.jazmin.internal.crypto.DecryptionSetup;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.IdleChannels;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.wire.SectionEnvelope;
import io.jazmin.internal.section.SectionReader;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Function;
import io.jazmin.internal.table.Grant;
import io.jazmin.internal.catalog.ReaderFeatures;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.table.SharedChunkCache;

/**
 * Opens a file version: finds its trailer, matches the secret with the preamble, reads and checks
 * the header (spec §1.12, §1.26, §1.29). Nothing else is read.
 */
public final class FileOpener {
    private FileOpener() {
    }

    /**
     * Opens the current version of the local file at {@code path} with the secret in {@code options};
     * the file is closed again when the open fails.
     *
     * @throws io.jazmin.error.JazminException (a subclass) naming what is wrong
     */
    public static OpenedFile open(Path path, ReadOptions options) {
        return openLocal(path, () -> ByteSource.open(path), source -> open(source, options));
    }

    /**
     * {@link #open(Path, ReadOptions)} for a reader held until its user closes it ({@code JazminReader}):
     * when it may use the shared cache (the options' {@link ReadOptions#sharedCache()}, a priority with a
     * shared budget, a plain file or {@link ReadOptions#cacheDecryptedChunks()}), it takes an idle channel
     * of the same file ({@link ByteSource#openReusing}) and the version found in that same file before
     * ({@link LocatedVersions}), and hands its channel to the next reader when it closes. A warm open of
     * an unchanged file then costs one {@code stat} and reads nothing (issue 33). Writers open with
     * {@link #open(Path, ReadOptions)}: a channel they return would pin the file they replace.
     *
     * <p>The version remembered is the one found while the file had the identity the open sees now (a
     * {@code stat} after the reads equal to the one before them, {@link ByteSource#unchangedOnDisk()}),
     * and reused only with a channel known to read that same file: a file appended to or replaced
     * between the {@code stat} and the reads is read as it was at the {@code stat} (see
     * {@link ByteSource#openReusing}).
     *
     * @throws io.jazmin.error.JazminException (a subclass) naming what is wrong
     */
    public static OpenedFile openReusingChannel(Path path, ReadOptions options) {
        if (!sharedCacheAllowed(options)) {
            return open(path, options);
        }
        return openLocal(path, () -> ByteSource.openReusing(path, IdleChannels.shared(), options.cacheDecryptedChunks()),
                source -> openReusing(source, options));
    }

    private static OpenedFile openReusing(ByteSource source, ReadOptions options) {
        FileVersion remembered = source.reusedChannel() ? LocatedVersions.shared().find(source.identity()) : null;
        FileVersion version = remembered != null ? remembered : VersionLocator.locate(source);
        OpenedFile file = open(source, version, options, Clock.systemUTC(), null);
        if (file.sharedKey() != null) {
            if (remembered == null && !file.earlierVersion() && source.unchangedOnDisk()) {
                LocatedVersions.shared().remember(source.identity(), version);
            }
            source.returnChannelOnClose(file.cipher() != null);
        }
        return file;
    }

    /** Opens a local file's source. */
    private interface LocalOpen {
        ByteSource open() throws IOException;
    }

    /** Opens a local file's source with {@code local}, then its version with {@code open}; closes the source when that fails. */
    private static OpenedFile openLocal(Path path, LocalOpen local, Function<ByteSource, OpenedFile> open) {
        ByteSource source;
        try {
            source = local.open();
        } catch (IOException e) {
            throw new JazminIoException("cannot open", path, e);
        }
        try {
            return open.apply(source);
        } catch (RuntimeException e) {
            try {
                source.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Opens the version of {@code source} its trailer names, with the secret in {@code options}.
     *
     * @throws io.jazmin.error.JazminException (a subclass) naming what is wrong
     */
    public static OpenedFile open(ByteSource source, ReadOptions options) {
        return open(source, options, Clock.systemUTC());
    }

    /**
     * {@link #open(ByteSource, ReadOptions)} with time-limited grants checked against {@code clock}:
     * for tests of expiry and of a clock set back. The public API always uses the system clock, since
     * a reader clock option defeats expiry (spec §4, finding R5).
     */
    public static OpenedFile open(ByteSource source, ReadOptions options, Clock clock) {
        return open(source, options, clock, null);
    }

    /**
     * {@link #open(ByteSource, ReadOptions)} taking the header from {@code known} instead of reading
     * and decoding it again when the source's current version is the one {@code known} describes
     * (see {@link KnownVersion#describes}) and the file is not encrypted: for a writer that wrote
     * that version itself and, under the file's writer lock, finds the file as it left it (an
     * appended file's header lists every segment appended since the last full write, so decoding
     * it costs each append more than the last). An encrypted file's header is always read, since
     * decrypting it is what tells that the secret is the file's. {@code known} may be {@code null}.
     */
    public static OpenedFile open(ByteSource source, ReadOptions options, KnownVersion known) {
        return open(source, options, Clock.systemUTC(), known);
    }

    private static OpenedFile open(ByteSource source, ReadOptions options, Clock clock, KnownVersion known) {
        return open(source, VersionLocator.locate(source), options, clock, known);
    }

    private static OpenedFile open(ByteSource source, FileVersion version, ReadOptions options, Clock clock,
                                   KnownVersion known) {
        source.keepTail(CatalogTail.trailerSections(version.trailer()));
        if (version.preamble().has(Preamble.ENCRYPTED) && version.preamble().has(Preamble.ACCESS)
                && !version.preamble().has(Preamble.PASSWORD)) {
            return openShared(source, version, options, clock);
        }
        SectionCipher cipher = DecryptionSetup.forFile(version.preamble(), options);
        try {
            SectionReader sections = new SectionReader(source, version.trailerOffset(), cipher, options.limits());
            SharedChunkCache.FileVersionKey sharedKey = sharedKey(source, version, cipher, options);
            Header header = cipher == null && known != null && known.describes(version) ? known.header()
                    : header(sections, version, cipher == null ? sharedKey : null, options.limits());
            source.keepTail(CatalogTail.directories(header, version.trailerOffset()));
            if (cipher != null) {
                cipher.keys().useKeyring(header.keyring());
            }
            return checked(new OpenedFile(source, version, header, sections, cipher, null,
                    options.parallelism().priority().chunkCacheBytes(), sharedKey), options);
        } catch (RuntimeException e) {
            if (cipher != null) {
                cipher.close();
            }
            throw e;
        }
    }

    /** An access-controlled file: signature, key slot and bundle first (spec §1.19), then the header. */
    private static OpenedFile openShared(ByteSource source, FileVersion version, ReadOptions options, Clock clock) {
        Preamble preamble = version.preamble();
        SectionCipher cipher = null;
        try (AccessCredential key = DecryptionSetup.accessCredential(preamble, options)) {
            SectionReader plain = new SectionReader(source, version.trailerOffset(), null, options.limits());
            long headerOffset = version.trailer().headerOffset();
            byte[] headerWhole = plain.readWhole(SectionIds.header(), headerOffset, version.trailer().headerLength());
            AccessBundle bundle = AccessOpener.unseal(version, plain, key, options.unlockToken(), headerWhole);
            Instant expires;
            try {
                expires = Expiry.parse(bundle.expires());
            } catch (RuntimeException e) {
                bundle.clear();
                throw e;
            }
            Grant grant = Grant.of(bundle, key.keyId(), expires);
            cipher = SectionCipher.forAccess(preamble.fileId(), preamble.salt(), bundle, key.keyId());
            SectionReader sections = new SectionReader(source, version.trailerOffset(), cipher, options.limits());
            Header header = Header.decode(sections.open(SectionIds.header(), headerOffset, headerWhole));
            if (header.access() == null && grant.owner()) {
                throw new JazminFormatException("the access-controlled file's header has no owner sections",
                        SectionIds.header(), headerOffset);
            }
            if (grant.expires() != null) {
                Instant now = clock.instant();
                Expiry.check(grant, header, now);
                LastSeen.check(options.accessState(), key, preamble.fileId(), now);
            }
            checkHeader(header);
            checkLimits(header, options.limits());
            return checked(new OpenedFile(source, version, header, sections, cipher, grant,
                    options.parallelism().priority().chunkCacheBytes(), null), options);
        } catch (RuntimeException e) {
            if (cipher != null) {
                cipher.close();
            }
            throw e;
        }
    }

    /**
     * The version's key in the process-wide cache of decoded columns, or {@code null} when it is not
     * cached: a key or password file unless the reader asked for it ({@link ReadOptions#cacheDecryptedChunks()}:
     * by default decrypted values must not outlive their reader), bytes in memory or a file whose disk
     * identity could not be fixed, a reader that opted out, or a priority that keeps nothing. Access-controlled
     * files never come here. Reserves the priority's budget.
     *
     * <p>A decrypted file's entries need no secret in their key: a reader reaches a chunk only after its
     * secret authenticated the header of that same file on disk (same identity, {@code file_id} and
     * trailer), and every key or password opening a file sees all of it.
     */
    private static SharedChunkCache.FileVersionKey sharedKey(ByteSource source, FileVersion version,
                                                             SectionCipher cipher, ReadOptions options) {
        if ((cipher != null && !options.cacheDecryptedChunks()) || !sharedCacheAllowed(options)
                || source.identity() == null) {
            return null;
        }
        SharedChunkCache.shared().reserve(options.parallelism().priority().sharedCacheBytes());
        return SharedChunkCache.FileVersionKey.of(source.identity(), version.preamble().fileId(),
                version.trailerOffset());
    }

    /** Whether the reader's options let it use the shared cache: not opted out, and a priority with a budget for it. */
    private static boolean sharedCacheAllowed(ReadOptions options) {
        return options.sharedCache() && options.parallelism().priority().sharedCacheBytes() != 0;
    }

    /** A plain header as read and checked once, with its raw length (checked against each reader's limits). */
    private record CheckedHeader(Header header, long rawLength) {
    }

    /**
     * The version's header, read and checked ({@link #checkHeader}), then checked against this reader's
     * limits. With {@code sharedKey} (a plain file read with the shared cache) it is read once per
     * version on disk and kept with the version's decoded directories ({@link SharedChunkCache#section}):
     * the key names the file on disk, its {@code file_id} and the trailer's offset, and the header's
     * offset and length come from the trailer read now, so another file or version is another entry.
     * Encrypted headers are read at every open: decrypting them is what checks the reader's secret.
     */
    private static Header header(SectionReader sections, FileVersion version,
                                 SharedChunkCache.FileVersionKey sharedKey, ReadLimits limits) {
        long offset = version.trailer().headerOffset();
        long length = version.trailer().headerLength();
        CheckedHeader checked = sharedKey == null ? readHeader(sections, offset, length)
                : SharedChunkCache.shared().section(sharedKey, SectionIds.header(), offset, length, "header",
                        () -> readHeader(sections, offset, length), h -> HEADER_HEAP_PER_RAW_BYTE * h.rawLength() + 256);
        checkLimits(checked, length, limits);
        return checked.header();
    }

    /** Roughly how many heap bytes a decoded header takes per raw byte (cache budgets). */
    private static final long HEADER_HEAP_PER_RAW_BYTE = 8;

    private static CheckedHeader readHeader(SectionReader sections, long offset, long length) {
        new HeaderReadEvent(length).commit();
        byte[] raw = sections.read(SectionIds.header(), offset, length);
        Header header = Header.decode(raw);
        checkHeader(header);
        return new CheckedHeader(header, raw.length);
    }

    private static OpenedFile checked(OpenedFile file, ReadOptions options) {
        checkVersion(file, options);
        return file;
    }

    /**
     * What a header must be whatever reads it: only reader features this library has, tables named
     * once each, metadata a JSON object.
     */
    private static void checkHeader(Header header) {
        ReaderFeatures.check(header.readerFeatures());
        if (header.tables().isEmpty()) {
            throw new JazminFormatException("the header lists no tables");
        }
        JsonTexts.requireObjectFromFile(header.metadata(), "file metadata");
        Set<String> names = new HashSet<>();
        for (TableEntry t : header.tables()) {
            if (!names.add(t.name())) {
                throw new JazminFormatException("table name '" + t.name() + "' is repeated");
            }
        }
    }

    /**
     * A header kept from another reader checked as this reader reads it: its section's stored and raw
     * lengths (what {@link SectionReader} refuses before reading), tables and columns within the limits.
     */
    private static void checkLimits(CheckedHeader checked, long storedLength, ReadLimits limits) {
        if (storedLength - SectionEnvelope.SIZE - SectionCipher.OVERHEAD > limits.maxSectionLength()) {
            throw tooLong("stores " + (storedLength - SectionEnvelope.SIZE), limits);
        }
        if (checked.rawLength() > limits.maxSectionLength()) {
            throw tooLong("declares a raw length of " + checked.rawLength(), limits);
        }
        checkLimits(checked.header(), limits);
    }

    private static JazminFormatException tooLong(String what, ReadLimits limits) {
        return new JazminFormatException("section " + what + " bytes, more than this reader's limit of "
                + limits.maxSectionLength() + " (ReadLimits.maxSectionLength)", SectionIds.header(), -1);
    }

    private static void checkLimits(Header header, ReadLimits limits) {
        if (header.tables().size() > limits.maxTables()) {
            throw new JazminFormatException("the header lists " + header.tables().size()
                    + " tables, more than this reader's limit of " + limits.maxTables() + " (ReadLimits.maxTables)");
        }
        for (TableEntry t : header.tables()) {
            if (t.columnCount() > limits.maxColumns()) {
                throw new JazminFormatException("table '" + t.name() + "' declares " + t.columnCount()
                        + " columns, more than this reader's limit of " + limits.maxColumns()
                        + " (ReadLimits.maxColumns)");
            }
        }
    }

    /** With {@link ReadOptions#requireLatest()}: refuses a version known or seen to be an earlier one. */
    private static void checkVersion(OpenedFile file, ReadOptions options) {
        if (!options.requireLatest()) {
            return;
        }
        if (file.version().recovered()) {
            throw new JazminFormatException("the file's last append is unfinished or cut: only an earlier version "
                    + "can be read, and the latest is required", null, file.version().trailerOffset());
        }
        if (file.earlierVersion()) {
            throw new JazminFormatException("the file is marked appended but its version has no appends: it was "
                    + "cut back to its last full write, and the latest version is required", SectionIds.header(),
                    file.version().trailer().headerOffset());
        }
        long appends = file.header().appendCount();
        if (appends < options.knownAppendCount()) {
            throw new JazminFormatException("the file's version has " + appends + " appends but "
                    + options.knownAppendCount() + " are known: it was rolled back to an earlier version",
                    SectionIds.header(), file.version().trailer().headerOffset());
        }
    }
}
