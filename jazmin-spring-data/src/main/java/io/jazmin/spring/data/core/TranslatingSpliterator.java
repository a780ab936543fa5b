package io.jazmin.spring.data.core;

import java.util.Comparator;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A lazy result stream whose engine exceptions are translated as it advances: a stream is opened
 * inside the template's exception funnel but read (chunk by chunk) after it returned, so a
 * damaged chunk or a row that does not map would otherwise reach the caller untranslated.
 */
final class TranslatingSpliterator<T> implements Spliterator<T> {
    private final Spliterator<T> source;
    private final JazminExceptionTranslator translator;

    private TranslatingSpliterator(Spliterator<T> source, JazminExceptionTranslator translator) {
        this.source = source;
        this.translator = translator;
    }

    /** {@code stream}, its failures while advancing and closing translated by {@code translator}. */
    static <T> Stream<T> translating(Stream<T> stream, JazminExceptionTranslator translator) {
        Spliterator<T> wrapped = new TranslatingSpliterator<>(stream.spliterator(), translator);
        return StreamSupport.stream(wrapped, stream.isParallel()).onClose(() -> {
            try {
                stream.close();
            } catch (RuntimeException e) {
                throw translator.translate(e);
            }
        });
    }

    @Override
    public boolean tryAdvance(Consumer<? super T> action) {
        try {
            return source.tryAdvance(action);
        } catch (RuntimeException e) {
            throw translator.translate(e);
        }
    }

    @Override
    public void forEachRemaining(Consumer<? super T> action) {
        try {
            source.forEachRemaining(action);
        } catch (RuntimeException e) {
            throw translator.translate(e);
        }
    }

    @Override
    public Spliterator<T> trySplit() {
        Spliterator<T> split;
        try {
            split = source.trySplit();
        } catch (RuntimeException e) {
            throw translator.translate(e);
        }
        return split == null ? null : new TranslatingSpliterator<>(split, translator);
    }

    @Override
    public long estimateSize() {
        return source.estimateSize();
    }

    @Override
    public long getExactSizeIfKnown() {
        return source.getExactSizeIfKnown();
    }

    @Override
    public int characteristics() {
        return source.characteristics();
    }

    @Override
    public Comparator<? super T> getComparator() {
        return source.getComparator();
    }
}
