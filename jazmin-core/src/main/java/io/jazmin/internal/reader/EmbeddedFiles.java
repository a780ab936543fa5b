package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.catalog.EmbeddedDirectory.Entry;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.internal.section.SectionReader;
import io.jazmin.error.EmbeddedFileDamagedException;
import io.jazmin.error.JazminValidationException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import io.jazmin.internal.table.SectionIds;

/**
 * The embedded files of one file version (spec §1.23): its directory, read and checked when this
 * is made (in an access-controlled file, the directories of the file groups the key sees, merged;
 * see {@link SharedDirectories}), and the contents' blocks, read (and for encrypted files
 * decrypted with each content's key) on demand, each checked against its digest when it has one,
 * with the whole content's SHA-256 checked against the directory.
 */
public final class EmbeddedFiles {
    /** Feature name in errors about contents too large to hold in one array. */
    public static final String LARGE_FILES = "large-embedded-files";
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    private static final int FIRST_BUFFER = 1 << 20;

    private final OpenedFile file;
    private final EmbeddedDirectory directory;
    private final String packageJson;

    private EmbeddedFiles(OpenedFile file, EmbeddedDirectory directory, String packageJson) {
        this.file = file;
        this.directory = directory;
        this.packageJson = packageJson;
    }

    /** The embedded files of {@code file}; none when its header has no {@code files}. */
    public static EmbeddedFiles of(OpenedFile file) {
        FilesInfo info = file.header().files();
        if (info == null) {
            return new EmbeddedFiles(file, new EmbeddedDirectory(List.of(), List.of(), null), "");
        }
        if (file.grant() != null) {
            return new EmbeddedFiles(file, SharedDirectories.merge(file, info), info.packageJson());
        }
        List<FileDirectory> dirs = info.directories();
        if (dirs.size() > 1 || dirs.size() == 1 && !dirs.get(0).group().equals(SectionIds.DEFAULT_GROUP)) {
            throw new JazminFormatException("a file that is not access-controlled has one embedded-file directory, "
                    + "of group '*'; this one lists " + dirs.size(), "header", -1);
        }
        EmbeddedDirectory directory = new EmbeddedDirectory(List.of(), List.of(), null);
        if (dirs.size() == 1) {
            if (dirs.get(0).section() == null) {
                throw new JazminFormatException("the embedded-file directory has no section", "header", -1);
            }
            String id = directoryId(info.segment());
            byte[] raw = file.sections().read(id, dirs.get(0).section().offset(), dirs.get(0).section().length());
            directory = EmbeddedDirectory.decode(raw, id);
            boolean encrypted = file.cipher() != null;
            for (Content c : directory.contents()) {
                if (encrypted != (c.key() != null)) {
                    throw new JazminFormatException("content " + c.id() + (encrypted
                            ? " has no key, but the file is encrypted" : " has a key, but the file is not encrypted"),
                            id, -1);
                }
            }
        }
        return new EmbeddedFiles(file, directory, info.packageJson());
    }

    /** Section id of the directory written by append {@code segment} (spec §1.6). */
    public static String directoryId(int segment) {
        return "files/dir" + (segment == 0 ? "" : "/" + segment);
    }

    /** Section id of block {@code block} of content {@code content}. */
    public static String blockId(int content, int block) {
        return "file/" + content + "/" + block;
    }

    /** The directory read and checked at open (empty when the file stores no embedded file). */
    public EmbeddedDirectory directory() {
        return directory;
    }

    /** The files, in directory order. */
    public List<Entry> files() {
        return directory.files();
    }

    /** The content a file points to. */
    public Content content(Entry file) {
        return directory.content(file.content());
    }

    /** The {@code package} JSON text, or empty. */
    public String packageJson() {
        return packageJson;
    }

    /** The saved export shapes as a JSON array text, or {@code null}. */
    public String shapesJson() {
        return directory.shapesJson();
    }

    /** The file at {@code path}, or {@code null}. */
    public Entry file(String path) {
        for (Entry e : directory.files()) {
            if (e.path().equals(path)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The whole bytes of the file at {@code path}, SHA-256 checked, or {@code null} when there is none.
     *
     * @throws JazminFormatException       when a block is damaged or the bytes do not match the digest
     * @throws UnsupportedFeatureException when the content does not fit one Java array
     */
    public byte[] read(String path) {
        Entry e = file(path);
        if (e == null) {
            return null;
        }
        Content c = content(e);
        checkFitsArray(path, c.size());
        // Grows as blocks arrive: the size is only what the directory claims.
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(c.size(), FIRST_BUFFER));
        copy(e, out::writeBytes);
        return out.toByteArray();
    }

    /**
     * Bytes {@code start} (inclusive) to {@code end} (exclusive) of the file at {@code path}, read
     * from the blocks that hold them only (a part is not checked against the whole file's
     * SHA-256; each block of an encrypted file is authenticated), or {@code null} when there is none.
     *
     * @throws JazminValidationException when the range is not within the file
     */
    public byte[] readRange(String path, long start, long end) {
        Entry e = file(path);
        if (e == null) {
            return null;
        }
        Content c = content(e);
        if (start < 0 || end < start || end > c.size()) {
            throw new JazminValidationException("range " + start + "-" + end + " is not within embedded file '"
                    + path + "' of " + c.size() + " bytes");
        }
        checkFitsArray(path, end - start);
        byte[] out = new byte[(int) (end - start)];
        if (out.length == 0) {
            return out;
        }
        try (BlockReader blocks = new BlockReader(c)) {
            int first = (int) (start / c.blockSize());
            int last = (int) ((end - 1) / c.blockSize());
            for (int b = first; b <= last; b++) {
                byte[] raw = blocks.read(b);
                long blockStart = (long) b * c.blockSize();
                int from = (int) Math.max(0, start - blockStart);
                int to = (int) Math.min(raw.length, end - blockStart);
                System.arraycopy(raw, from, out, (int) (blockStart + from - start), to - from);
            }
        }
        return out;
    }

    private static void checkFitsArray(String path, long size) {
        if (size > MAX_ARRAY) {
            throw new UnsupportedFeatureException(LARGE_FILES, "embedded file '" + path + "' has " + size
                    + " bytes, more than one array holds: read it with openFile");
        }
    }

    /**
     * A stream of the bytes of the file at {@code path}, read one block at a time; the SHA-256 is
     * checked when the stream reaches the end. {@code null} when there is none.
     */
    public InputStream open(String path) {
        Entry e = file(path);
        return e == null ? null : new EmbeddedFileStream(e, content(e), new BlockReader(content(e)));
    }

    /**
     * Passes the raw bytes of each block of {@code e}'s content to {@code sink}, in order, then checks the
     * whole content's SHA-256.
     *
     * @throws JazminFormatException when a block is damaged or has the wrong length
     * @throws EmbeddedFileDamagedException when the bytes do not match the digest
     */
    public void copy(Entry e, Consumer<byte[]> sink) {
        Content c = content(e);
        MessageDigest sha = sha256();
        try (BlockReader blocks = new BlockReader(c)) {
            for (int b = 0; b < c.blocks().size(); b++) {
                byte[] raw = blocks.read(b);
                sha.update(raw);
                sink.accept(raw);
            }
        }
        checkDigest(e, c, sha);
    }

    private void checkDigest(Entry e, Content c, MessageDigest sha) {
        if (!HexFormat.of().formatHex(sha.digest()).equals(c.sha256())) {
            throw new EmbeddedFileDamagedException(e.path(), directoryId(file.header().files().segment()));
        }
    }

    /** Reads the blocks of one content, each checked against the length the directory gives it. */
    private final class BlockReader implements AutoCloseable {
        private final Content content;
        private final SectionCipher cipher;
        private final SectionReader sections;

        BlockReader(Content content) {
            this.content = content;
            this.cipher = content.key() == null ? null : SectionCipher.forContent(
                    file.version().preamble().fileId(), file.version().preamble().salt(), content.key());
            this.sections = new SectionReader(file.source(), file.version().trailerOffset(), cipher,
                    file.sections().limits());
        }

        byte[] read(int b) {
            String id = blockId(content.id(), b);
            var ref = content.blocks().get(b);
            byte[] raw = sections.read(id, ref);
            if (raw.length != content.blockLength(b)) {
                throw new JazminFormatException("block holds " + raw.length + " bytes, the directory says "
                        + content.blockLength(b), id, ref.offset());
            }
            return raw;
        }

        @Override
        public void close() {
            if (cipher != null) {
                cipher.close();
            }
        }
    }

    /** The bytes of one embedded file, one block in memory at a time. */
    private final class EmbeddedFileStream extends InputStream {
        private final Entry entry;
        private final Content content;
        private final BlockReader blocks;
        private final MessageDigest sha = sha256();
        private byte[] block = new byte[0];
        private int at;
        private int next;
        private boolean verified;
        private boolean closed;

        EmbeddedFileStream(Entry entry, Content content, BlockReader blocks) {
            this.entry = entry;
            this.content = content;
            this.blocks = blocks;
        }

        /** Makes sure a byte is at hand; false at the end, where the digest is checked once. */
        private boolean fill() throws IOException {
            if (closed) {
                throw new IOException("the embedded file stream of '" + entry.path() + "' is closed");
            }
            while (at == block.length) {
                if (next == content.blocks().size()) {
                    if (!verified) {
                        verified = true;
                        checkDigest(entry, content, sha);
                    }
                    return false;
                }
                block = blocks.read(next++);
                sha.update(block);
                at = 0;
            }
            return true;
        }

        @Override
        public int read() throws IOException {
            return fill() ? block[at++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            if (!fill()) {
                return -1;
            }
            int n = Math.min(len, block.length - at);
            System.arraycopy(block, at, b, off, n);
            at += n;
            return n;
        }

        @Override
        public int available() {
            return closed ? 0 : block.length - at;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                blocks.close();
            }
        }
    }

    /** A fresh SHA-256 digest. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
