package io.jazmin.spring.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.data.Filter;
import io.jazmin.data.RowQuery;
import io.jazmin.mapping.JazminMapper;
import io.jazmin.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * The sample Spring Batch job over 200,000 members: run in a JVM of its own, killed (SIGKILL) in
 * the middle, then recovered and restarted here, it ends with every card written exactly once and
 * the restart resuming where the last committed chunk ended.
 */
class MemberCardJobTests {
    private static final int MEMBERS = 200_000;

    @TempDir
    Path dir;

    @Test
    void aKilledJobRestartsAndWritesEveryRowOnce() throws Exception {
        List<Member> members = writeMembers();
        try (AnnotationConfigApplicationContext context = MemberCardJob.context(dir)) {
            MemberCardJob.createJobRepository(context.getBean(DataSource.class));
        }

        long cardsAtKill = runChildAndKillMidway();
        assertThat(cardsAtKill).as("cards written before the kill").isBetween(1L, MEMBERS - 1L);

        try (AnnotationConfigApplicationContext context = MemberCardJob.context(dir)) {
            JobRepository repository = context.getBean(JobRepository.class);
            JobOperator operator = context.getBean(JobOperator.class);
            JobExecution killed = repository.getLastJobExecution(MemberCardJob.NAME, MemberCardJob.parameters());
            assertThat(killed.getStatus()).as("a killed run is left as started").isEqualTo(BatchStatus.STARTED);

            long committed = committedBeforeKill(repository, killed);
            JobExecution restarted = operator.restart(operator.recover(killed));

            assertThat(restarted.getStatus()).isEqualTo(BatchStatus.COMPLETED);
            StepExecution step = restarted.getStepExecutions().iterator().next();
            assertThat(step.getReadCount()).as("rows the restart read: only those after the last committed chunk")
                    .isLessThan(MEMBERS).isEqualTo(MEMBERS - committed);
        }

        List<MemberCard> cards = readCards();
        assertThat(cards).hasSize(MEMBERS);
        Map<Long, MemberCard> byId = cards.stream().collect(Collectors.toMap(MemberCard::id, Function.identity()));
        assertThat(byId).as("every card once").hasSize(MEMBERS);
        for (Member m : members) {
            assertThat(byId.get(m.id())).isEqualTo(MemberCard.of(m));
        }
    }

    private long committedBeforeKill(JobRepository repository, JobExecution killed) {
        StepExecution step = repository.getLastStepExecution(killed.getJobInstance(), "cards");
        return step.getReadCount();
    }

    private List<Member> writeMembers() {
        List<Member> members = LongStream.rangeClosed(1, MEMBERS)
                .mapToObj(i -> new Member(i, "member " + i, (i * 7919) % 1000)).toList();
        JazminMapper.forType(Member.class).write(dir.resolve("members.jzm"), members);
        return members;
    }

    /** Starts the job in a child JVM and kills it once some, but not all, chunks are in the file. */
    private long runChildAndKillMidway() throws IOException, InterruptedException {
        Path errors = dir.resolve("child.err");
        List<String> command = ChildJvm.command(List.of("-XX:+UseSerialGC", "-D" + MemberCardJob.PAUSE_PROPERTY + "=300"),
                MemberCardJob.class, dir.toString());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(errors.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (cardCount() < 3L * MemberCardJob.CHUNK) {
                assertThat(child.isAlive()).as("the job ended before the kill: " + Files.readString(errors)).isTrue();
                assertThat(System.nanoTime()).as("the job wrote too slowly").isLessThan(deadline);
                Thread.sleep(20);
            }
        } finally {
            child.destroyForcibly();
            child.waitFor();
        }
        return cardCount();
    }

    private long cardCount() {
        Path cards = dir.resolve("membercards.jzm");
        if (!Files.exists(cards)) {
            return 0;
        }
        try (JazminReader reader = JazminReader.open(cards)) {
            return reader.table().count(Filter.isNotNull("id"));
        }
    }

    private List<MemberCard> readCards() {
        try (JazminReader reader = JazminReader.open(dir.resolve("membercards.jzm"))) {
            return JazminMapper.forType(MemberCard.class).table(reader).find(null, RowQuery.all()).toList();
        }
    }
}
