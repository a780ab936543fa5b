package io.jazmin.internal.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminInterruptedException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Results come back in submission order, errors unchanged, and a caller never waits behind busy workers. */
class OrderedPipelineTest {

    @Test
    void resultsComeInSubmissionOrder() {
        OrderedPipeline<Integer> pipeline = new OrderedPipeline<>(4);
        int next = 0;
        for (int i = 0; i < 100; i++) {
            if (!pipeline.hasRoom()) {
                assertEquals(next++, pipeline.takeOldest());
            }
            int value = i;
            // Later tasks finish first: order must still hold.
            pipeline.submit(() -> {
                Thread.sleep((100 - value) % 3);
                return value;
            });
        }
        while (!pipeline.isEmpty()) {
            assertEquals(next++, pipeline.takeOldest());
        }
        assertEquals(100, next);
    }

    @Test
    void aTaskErrorIsRethrownUnchanged() {
        OrderedPipeline<Integer> pipeline = new OrderedPipeline<>(2);
        JazminFormatException error = new JazminFormatException("damaged chunk", "t0/c0", 64);
        pipeline.submit(() -> 1);
        pipeline.submit(() -> {
            throw error;
        });
        assertEquals(1, pipeline.takeOldest());
        assertSame(error, assertThrows(JazminFormatException.class, pipeline::takeOldest));
        assertThrows(IllegalStateException.class, pipeline::takeOldest);
    }

    @Test
    void anInterruptedWaitIsATypedErrorAndKeepsTheInterruptFlag() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread[] worker = new Thread[1];
        OrderedPipeline<Boolean> pipeline = new OrderedPipeline<>(1, task -> {
            worker[0] = new Thread(task);
            worker[0].start();
        });
        pipeline.submit(() -> {
            running.countDown();
            return release.await(30, TimeUnit.SECONDS);
        });
        assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
        Thread.currentThread().interrupt();
        try {
            JazminInterruptedException e = assertThrows(JazminInterruptedException.class, pipeline::takeOldest);
            assertThat(e.getCause()).isInstanceOf(InterruptedException.class);
            assertThat(Thread.interrupted()).as("the interrupt flag stays set").isTrue();
            assertThat(pipeline.isEmpty()).isTrue();
        } finally {
            Thread.interrupted();
            release.countDown();
            worker[0].join(30_000);
        }
    }

    @Test
    void theCallerRunsATaskNoWorkerHasStarted() throws InterruptedException {
        int workers = Math.min(16, Runtime.getRuntime().availableProcessors());
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(workers);
        OrderedPipeline<Boolean> busy = new OrderedPipeline<>(workers);
        for (int i = 0; i < workers; i++) {
            busy.submit(() -> {
                started.countDown();
                return release.await(30, TimeUnit.SECONDS);
            });
        }
        try {
            assertThat(started.await(30, TimeUnit.SECONDS)).as("every worker is busy").isTrue();
            OrderedPipeline<String> mine = new OrderedPipeline<>(1);
            mine.submit(() -> Thread.currentThread().getName());
            assertEquals(Thread.currentThread().getName(), mine.takeOldest());
        } finally {
            release.countDown();
        }
        while (!busy.isEmpty()) {
            assertThat(busy.takeOldest()).isTrue();
        }
    }
}
