package io.jazmin.internal.writer;

import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.compress.DefaultDeflate;
import io.jazmin.internal.index.SectionOutput;
import io.jazmin.internal.parallel.OrderedPipeline;
import io.jazmin.internal.section.SectionWriter;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * The output of a table's index sections: catalog sections (compressed, encrypted) appended in the
 * order written. Sections announced ahead with {@link #sealAhead} are sealed on worker threads,
 * several at once, while earlier ones are appended: compressing the pages was most of what indexes
 * added to a write, done one section after another on the caller's thread after the last chunk.
 * Sections not announced (directories, whose bytes depend on where the pages lie) are sealed when
 * written. The bytes do not depend on the threads.
 */
final class SealingOutput implements SectionOutput {
    private record Pending(String id, byte[] raw, DefaultDeflate.Sampled judged) {
    }

    private final SectionWriter sections;
    private final Function<byte[], SectionRef> append;
    /** The oldest announced sections being sealed, or {@code null} to seal on the caller's thread. */
    private final OrderedPipeline<byte[]> sealing;
    /** Ids of the announced sections not written yet, in order (those in {@link #sealing} first). */
    private final ArrayDeque<String> announced = new ArrayDeque<>();
    /** Announced sections waiting for room in {@link #sealing}. */
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    /** Sections sealed before they were announced, by id. */
    private final Map<String, byte[]> ready = new HashMap<>();
    /** Without workers: the settings judged for announced sections, by id, until they are written. */
    private final Map<String, DefaultDeflate.Sampled> judgedAhead = new HashMap<>();

    /**
     * @param append appends a whole section to the file and returns where it lies
     * @param ahead  the most sections sealed ahead at once; 0 to seal each on the caller's thread
     *               when it is written
     * @param executor the workers, or {@code null} for the library's shared ones
     */
    SealingOutput(SectionWriter sections, Function<byte[], SectionRef> append, int ahead, Executor executor) {
        this.sections = sections;
        this.append = append;
        this.sealing = ahead > 0 ? new OrderedPipeline<>(ahead, executor) : null;
    }

    /** Section {@code id}, whole already ({@code section}), is written when {@link #write} asks for it. */
    void sealed(String id, byte[] section) {
        ready.put(id, section);
    }

    /**
     * Announces that section {@code id} will be the next announced one written, with payload
     * {@code raw} (nothing to do for a section {@linkplain #sealed sealed} already).
     */
    void sealAhead(String id, byte[] raw) {
        sealAhead(id, raw, null);
    }

    /**
     * Like {@link #sealAhead(String, byte[])}, compressed as {@code judged} says (a setting judged on an
     * alike section, {@link SectionWriter#catalogSection(String, byte[], int, DefaultDeflate.Sampled)}), on
     * whichever thread seals it; {@code null}: judged on its own.
     */
    void sealAhead(String id, byte[] raw, DefaultDeflate.Sampled judged) {
        if (ready.containsKey(id)) {
            return;
        }
        if (sealing == null) {
            if (judged != null) {
                judgedAhead.put(id, judged);
            }
            return;
        }
        announced.add(id);
        waiting.add(new Pending(id, raw, judged));
        topUp();
    }

    @Override
    public SectionRef write(String sectionId, byte[] raw) {
        byte[] section = ready.remove(sectionId);
        if (section != null) {
            return append.apply(section);
        }
        if (sectionId.equals(announced.peek())) {
            announced.poll();
            section = sealing.takeOldest();
            topUp();
        } else {
            section = seal(sectionId, raw, judgedAhead.remove(sectionId));
        }
        return append.apply(section);
    }

    private void topUp() {
        while (!waiting.isEmpty() && sealing.hasRoom()) {
            Pending p = waiting.poll();
            sealing.submit(() -> seal(p.id(), p.raw(), p.judged()));
        }
    }

    private byte[] seal(String id, byte[] raw, DefaultDeflate.Sampled judged) {
        return sections.catalogSection(id, raw, raw.length, judged);
    }
}
