package io.jazmin.spring.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.data.Filter;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;

/** The reader's filter, order and restart position, and the writer's two modes, on a small file. */
class JazminItemReaderWriterTests {
    @TempDir
    Path dir;

    private JazminFiles files;
    private JazminTemplate template;
    private List<Member> members;

    @BeforeEach
    void storeMembers() {
        files = new JazminFiles(List.of(JazminFileDefinition.of("members", dir.resolve("members.jzm"))
                        .withCreateIfMissing(true),
                JazminFileDefinition.of("membercards", dir.resolve("membercards.jzm")).withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        members = LongStream.rangeClosed(1, 500).mapToObj(i -> new Member(i, "m" + i, (i * 37) % 100)).toList();
        // Stored out of id order, so that only the id added to the sort puts ties in id order.
        List<Member> shuffled = new ArrayList<>(members);
        Collections.shuffle(shuffled, new Random(7));
        template.insert(shuffled);
    }

    @AfterEach
    void close() {
        files.destroy();
    }

    @Test
    void readsTheFilteredRowsInTheSortOrderWithTheIdBreakingTies() throws Exception {
        JazminItemReader<Member> reader = reader();
        reader.open(new ExecutionContext());
        List<Member> read = readAll(reader);
        reader.close();

        assertThat(read).containsExactlyElementsOf(expected());
    }

    @Test
    void aRestartedReaderGoesOnAfterTheLastSavedPosition() throws Exception {
        ExecutionContext context = new ExecutionContext();
        JazminItemReader<Member> first = reader();
        first.open(context);
        List<Member> before = new ArrayList<>();
        for (int i = 0; i < 37; i++) {
            before.add(first.read());
        }
        first.update(context);
        first.close();
        assertThat(context.getInt("members.read.count")).isEqualTo(37);

        JazminItemReader<Member> restarted = reader();
        restarted.open(context);
        List<Member> after = readAll(restarted);
        restarted.close();

        before.addAll(after);
        assertThat(before).containsExactlyElementsOf(expected());
    }

    @Test
    void savingAChunkAgainStoresItOnce() {
        JazminItemWriter<MemberCard> writer = new JazminItemWriterBuilder<MemberCard>().operations(template).build();
        Chunk<MemberCard> chunk = new Chunk<>(members.subList(0, 100).stream().map(MemberCard::of).toList());

        writer.write(chunk);
        writer.write(chunk);

        assertThat(template.count(Filter.isNotNull("id"), MemberCard.class)).isEqualTo(100);
    }

    @Test
    void insertModeRefusesAChunkWrittenBeforeAndLeavesTheFileAsItWas() throws Exception {
        JazminItemWriter<MemberCard> writer = new JazminItemWriterBuilder<MemberCard>().operations(template).insert()
                .build();
        Chunk<MemberCard> chunk = new Chunk<>(members.subList(0, 100).stream().map(MemberCard::of).toList());
        writer.write(chunk);
        byte[] before = Files.readAllBytes(dir.resolve("membercards.jzm"));

        assertThatThrownBy(() -> writer.write(chunk)).isInstanceOf(DuplicateKeyException.class);

        assertThat(Files.readAllBytes(dir.resolve("membercards.jzm"))).isEqualTo(before);
    }

    @Test
    void aReaderThatSavesItsStateNeedsAName() {
        assertThatThrownBy(() -> new JazminItemReaderBuilder<Member>().operations(template).targetType(Member.class)
                .build()).isInstanceOf(IllegalStateException.class).hasMessageContaining("name");
        assertThat(new JazminItemReaderBuilder<Member>().operations(template).targetType(Member.class)
                .saveState(false).build()).isNotNull();
    }

    private JazminItemReader<Member> reader() {
        return new JazminItemReaderBuilder<Member>().name("members").operations(template).targetType(Member.class)
                .filter(Filter.gte("points", 50)).sort(Sort.by(Sort.Direction.DESC, "points")).build();
    }

    private List<Member> expected() {
        return members.stream().filter(m -> m.points() >= 50)
                .sorted(Comparator.comparingLong(Member::points).reversed().thenComparingLong(Member::id)).toList();
    }

    private static List<Member> readAll(JazminItemReader<Member> reader) throws Exception {
        List<Member> read = new ArrayList<>();
        for (Member m = reader.read(); m != null; m = reader.read()) {
            read.add(m);
        }
        return read;
    }
}
