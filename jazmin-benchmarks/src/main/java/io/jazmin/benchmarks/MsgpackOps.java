package io.jazmin.benchmarks;

import io.jazmin.benchmarks.CustomersData.Customer;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;

/**
 * The MessagePack baseline (msgpack-core): the file is an array of N rows, each an array of the 8
 * values in column order (datetime as epoch milliseconds). Reads are one streaming pass.
 */
public final class MsgpackOps {
    private MsgpackOps() {
    }

    public static long write(Path file, List<Customer> rows) {
        try (OutputStream out = Files.newOutputStream(file)) {
            return write(out, rows);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@link #write} with the durability JAZMIN's writer gives: the rows go to a temporary file beside
     * {@code file}, which is forced to disk and then atomically renamed over it, so a crash leaves the
     * old file or the new one, never a part.
     */
    public static long writeDurably(Path file, List<Customer> rows) {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            long written = write(Channels.newOutputStream(channel), rows);
            channel.force(true);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Packs the rows into {@code out}, flushed but left open: the caller closes it (or forces its channel first). */
    private static long write(OutputStream out, List<Customer> rows) throws IOException {
        // Not closed: closing the packer would close the caller's stream, and it holds nothing else.
        MessagePacker p = MessagePack.newDefaultPacker(new BufferedOutputStream(out, 1 << 16));
        p.packArrayHeader(rows.size());
        for (Customer r : rows) {
            p.packArrayHeader(8);
            p.packLong(r.id());
            p.packString(r.name());
            p.packString(r.email());
            p.packString(r.country());
            p.packInt(r.age());
            p.packDouble(r.balance());
            p.packLong(r.joined().toEpochMilli());
            p.packBoolean(r.active());
        }
        p.flush();
        return rows.size();
    }

    static void stream(Path file, Predicate<Customer> sink) {
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            int n = u.unpackArrayHeader();
            for (int i = 0; i < n; i++) {
                u.unpackArrayHeader();
                Customer c = new Customer(u.unpackLong(), u.unpackString(), u.unpackString(), u.unpackString(),
                        u.unpackInt(), u.unpackDouble(), Instant.ofEpochMilli(u.unpackLong()), u.unpackBoolean());
                if (!sink.test(c)) {
                    return;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The five headline questions, each one streaming pass (the lookup stops at the row). */
    public static CustomerQueries queries(Path file) {
        return StreamedCustomers.queries(MsgpackOps::stream, MsgpackOps::findById, file);
    }

    public static Customer findById(Path file, long id) {
        return StreamedCustomers.findById(MsgpackOps::stream, file, id);
    }

    public static long filterCount(Path file) {
        return StreamedCustomers.filterCount(MsgpackOps::stream, file);
    }

    public static long containsCount(Path file) {
        return StreamedCustomers.containsCount(MsgpackOps::stream, file);
    }

    public static long readAllRecords(Path file) {
        return StreamedCustomers.readAll(MsgpackOps::stream, file);
    }

    public static double sumBalance(Path file) {
        return StreamedCustomers.sumBalance(MsgpackOps::stream, file);
    }
}
