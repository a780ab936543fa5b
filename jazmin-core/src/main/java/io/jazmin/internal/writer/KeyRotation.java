package io.jazmin.internal.writer;

import io.jazmin.schema.Codec;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.ReadOptions;
import io.jazmin.options.WriteOptions;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.Header;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.crypto.EncryptionSetup;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.reader.FileOpener;
import io.jazmin.internal.reader.LiveSections;
import io.jazmin.internal.reader.OpenedFile;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.table.TableData;
import io.jazmin.internal.wire.ByteSource;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.internal.wire.StoredPayload;
import io.jazmin.internal.wire.Trailer;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Key rotation of a key or password file: the current version re-encrypted under a new key or
 * password without decoding a row. Every section the version reaches is checked, decrypted and
 * sealed again as the opaque (still compressed) payload it is, under keys derived from the new
 * secret with a fresh file id, preamble salt, keyring and nonces (spec §1.18); as the seal adds
 * the same 28 bytes, each section keeps its offset, so the catalog's references stay valid. Each
 * embedded content gets a fresh block key, so its directory is written anew after the data, then
 * the header (new keyring) and trailer. Bytes the version does not reach (earlier versions'
 * headers, deltas and deleted-row lists) are zeroed rather than left under the old key: tables,
 * deleted rows, indexes, embedded files, package, shapes, metadata and the append count all carry
 * over, and {@link Rewriter#compact compaction} drops the dead bytes. Runs under the writer lock
 * into a temporary file that replaces the target only when it is complete.
 */
public final class KeyRotation {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int ZEROS = 1 << 16;

    private final OpenedFile file;
    private final FileSink sink;
    private final SectionWriter sections;
    private final Preamble preamble;
    private final List<SectionCipher> contentCiphers = new ArrayList<>();

    private KeyRotation(OpenedFile file, FileSink sink, SectionWriter sections, Preamble preamble) {
        this.file = file;
        this.sink = sink;
        this.sections = sections;
        this.preamble = preamble;
    }

    /** One section to re-seal: read with {@code from}, written at the same offset with {@code to}. */
    private record Item(String id, long offset, long length, SectionReader from, SectionWriter to) {
    }

    /**
     * Re-encrypts {@code path}, opened with {@code current}, under {@code next}'s key or password
     * (with its PBKDF2 iterations; its other settings are not used).
     *
     * @throws JazminValidationException when {@code next} has no key or password, or the file is
     *                                   not encrypted or is access-controlled
     */
    public static void rotate(Path path, ReadOptions current, WriteOptions next) {
        if (next.key() == null && next.password() == null) {
            throw new JazminValidationException("a key rotation needs the new key or password");
        }
        try (WriterLock lock = WriterLock.acquire(path); ByteSource source = open(path)) {
            OpenedFile file = FileOpener.open(source, current);
            try {
                check(file);
                write(lock, file, next);
            } finally {
                if (file.cipher() != null) {
                    file.cipher().close();
                }
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot close", path, e);
        }
    }

    private static ByteSource open(Path path) {
        try {
            return ByteSource.open(path);
        } catch (IOException e) {
            throw new JazminIoException("cannot open", path, e);
        }
    }

    private static void check(OpenedFile file) {
        if (file.grant() != null) {
            throw new JazminValidationException("the file is access-controlled: its keys change by granting and "
                    + "revoking access (a rewrite with fresh secrets), not by a key rotation");
        }
        if (file.cipher() == null) {
            throw new JazminValidationException("the file is not encrypted: a key rotation re-encrypts key and "
                    + "password files; write an encrypted copy instead");
        }
        ChangeChecks.knownWriterFeatures(file.header(), "re-keyed");
    }

    private static void write(WriterLock lock, OpenedFile file, WriteOptions next) {
        byte[] fileId = new byte[16];
        RANDOM.nextBytes(fileId);
        EncryptionSetup setup = EncryptionSetup.forNewFile(next, fileId);
        Preamble fresh = setup.preamble();
        // An appended version stays one: its sections keep their append numbers.
        Preamble preamble = new Preamble(fresh.flags() | (file.version().preamble().flags() & Preamble.APPENDED),
                fresh.fileId(), fresh.salt(), fresh.kdfIterations());
        try (FileSink sink = new FileSink(lock)) {
            KeyRotation rotation = new KeyRotation(file, sink,
                    new SectionWriter(next.codec(), next.level(), setup.cipher()), preamble);
            try {
                rotation.run(setup);
            } finally {
                rotation.closeContentCiphers();
            }
            sink.commit();
        } finally {
            setup.cipher().close();
        }
    }

    private void run(EncryptionSetup setup) {
        Header header = file.header();
        sink.write(preamble.encode());
        List<TableData> tables = new ArrayList<>();
        for (int t = 0; t < header.tables().size(); t++) {
            tables.add(file.table(t));
        }
        List<Item> items = new ArrayList<>();
        for (LiveSections.Section s : LiveSections.of(file, tables)) {
            items.add(new Item(s.id(), s.offset(), s.length(), file.sections(), sections));
        }
        EmbeddedDirectory directory = EmbeddedFiles.of(file).directory();
        List<Content> contents = new ArrayList<>();
        for (Content c : directory.contents()) {
            contents.add(rekeyed(c, items));
        }
        reseal(items);
        FilesInfo files = header.files() == null ? null
                : files(header.files(), new EmbeddedDirectory(directory.files(), contents, directory.shapesJson()));
        boolean withFiles = header.keyring() != null && header.keyring().files().length > 0;
        Header rotated = new Header(header.readerFeatures(), header.writerFeatures(), header.created(),
                header.modified(), header.appendCount(), header.metadata(), header.tables(),
                setup.keyring(withFiles || files != null), files, header.access(), header.deltas());
        byte[] raw = rotated.encode();
        byte[] section = sections.section(SectionIds.header(), raw, raw.length);
        long at = sink.write(section);
        sink.write(new Trailer(at, section.length, 0, 0, 0, 0).encode());
    }

    /** Lists {@code c}'s blocks for re-sealing under a fresh content key; returns its new directory entry. */
    private Content rekeyed(Content c, List<Item> items) {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        SectionCipher oldCipher = SectionCipher.forContent(file.version().preamble().fileId(),
                file.version().preamble().salt(), c.key());
        contentCiphers.add(oldCipher);
        SectionCipher newCipher = SectionCipher.forContent(preamble.fileId(), preamble.salt(), key);
        contentCiphers.add(newCipher);
        SectionReader from = new SectionReader(file.source(), file.version().trailerOffset(), oldCipher,
                file.sections().limits());
        SectionWriter to = new SectionWriter(Codec.NONE, -1, newCipher);
        for (int b = 0; b < c.blocks().size(); b++) {
            SectionRef block = c.blocks().get(b);
            items.add(new Item(EmbeddedFiles.blockId(c.id(), b), block.offset(), block.length(), from, to));
        }
        return new Content(c.id(), c.size(), c.sha256(), c.blockSize(), key, c.blocks());
    }

    /** Writes every section at its offset, in file order, with zeros in the gaps between them. */
    private void reseal(List<Item> items) {
        items.sort(Comparator.comparingLong(Item::offset));
        Item previous = null;
        for (Item item : items) {
            if (previous != null && item.offset() == previous.offset() && item.length() == previous.length()
                    && item.id().equals(previous.id())) {
                continue;
            }
            if (item.offset() < sink.offset()) {
                throw new JazminFormatException("section overlaps the section before it", item.id(), item.offset());
            }
            zeros(item.offset() - sink.offset());
            StoredPayload stored = item.from().readStored(item.id(), item.offset(), item.length());
            byte[] section = item.to().section(item.id(), stored);
            if (section.length != item.length()) {
                throw new IllegalStateException("a re-sealed section changed its length");
            }
            sink.write(section);
            previous = item;
        }
    }

    private void zeros(long n) {
        byte[] zeros = new byte[(int) Math.min(n, ZEROS)];
        for (long left = n; left > 0; left -= zeros.length) {
            sink.write(left >= zeros.length ? zeros : new byte[(int) left]);
        }
    }

    /** Writes the directory with the new content keys after the data and gives the header's entry. */
    private FilesInfo files(FilesInfo old, EmbeddedDirectory directory) {
        List<FileDirectory> dirs = new ArrayList<>();
        for (FileDirectory dir : old.directories()) {
            byte[] raw = directory.encode();
            byte[] section = sections.catalogSection(EmbeddedFiles.directoryId(old.segment()), raw, raw.length);
            dirs.add(new FileDirectory(dir.group(), new SectionRef(sink.write(section), section.length)));
        }
        return new FilesInfo(dirs, old.nextContent(), old.packageJson(), old.segment());
    }

    private void closeContentCiphers() {
        contentCiphers.forEach(SectionCipher::close);
    }
}
