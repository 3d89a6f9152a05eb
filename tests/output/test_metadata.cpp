// Metadata: formatting and parsing agree, unknown major versions and malformed files are refused,
// and the atomic write leaves either the old file or the new one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "output/format/file_io.hpp"
#include "output/format/metadata.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {
SnapshotMetadata example() {
    SnapshotMetadata m;
    m.kind = "spins";
    m.writer_version = "miniasd test";
    m.snapshot = 12;
    m.step = 120000;
    m.time = 1.2e-11;
    m.dt = 1e-16;
    m.temperature = 300;
    m.field = {0, 0.5, 1.0 / 3.0};
    m.magnetisation = {0.1, -0.2, 0.9};
    m.mode = "file-per-node";
    m.ordering = "rank";
    m.record = "spin";
    m.format = {Encoding::text, DType::float32};
    m.atoms = 30;
    m.ranks = 3;
    m.io_groups = 2;
    m.index = "coordinates.meta";
    m.content_hash = 0xfedcba9876543210ULL;
    m.box = {28.7, 14.35, 1.0 / 3.0};
    m.periodic = {true, false, true};
    m.material_names = {"Fe", "Gd_sub"};
    m.material_elements = {"Fe", "Gd"};
    m.material_moments = {2.22, 7.63};
    m.run_id = "0123456789abcdef";
    m.pieces = {{"spins-00000012.g00000.dat", 0, 20, 0, 960, 0x1234, 0},
                {"spins-00000012.g00001.dat", 20, 10, 0, 480, 0xabcdef, 20}};
    return m;
}
}  // namespace

TEST(Metadata, FormatAndParseAgree) {
    const SnapshotMetadata m = example();
    const SnapshotMetadata back = parse_metadata(format_metadata(m), "x.meta");
    EXPECT_EQ(back.snapshot, 12);
    EXPECT_EQ(back.step, 120000);
    EXPECT_EQ(back.time, 1.2e-11);
    EXPECT_EQ(back.field[2], 1.0 / 3.0);
    EXPECT_EQ(back.mode, "file-per-node");
    EXPECT_EQ(back.format.encoding, Encoding::text);
    EXPECT_EQ(back.format.dtype, DType::float32);
    EXPECT_EQ(back.io_groups, 2);
    EXPECT_EQ(back.content_hash, m.content_hash);
    EXPECT_EQ(back.run_id, "0123456789abcdef");
    ASSERT_EQ(back.pieces.size(), 2u);
    EXPECT_EQ(back.pieces[1].file, "spins-00000012.g00001.dat");
    EXPECT_EQ(back.pieces[1].first_record, 20);
    EXPECT_EQ(back.pieces[1].checksum, 0xabcdefULL);
    EXPECT_EQ(back.box[2], 1.0 / 3.0);
    EXPECT_EQ(back.periodic[1], false);
    EXPECT_EQ(back.periodic[2], true);
    EXPECT_EQ(back.material_names, m.material_names);
    EXPECT_EQ(back.material_moments, m.material_moments);
    EXPECT_EQ(back.material_elements, m.material_elements);
    EXPECT_EQ(format_metadata(back), format_metadata(m));
}

// Replaces the value of `key` in metadata text.
std::string with_value(std::string text, const std::string& key, const std::string& value) {
    const auto at = text.find(key + " = ");
    EXPECT_NE(at, std::string::npos) << key;
    if (at == std::string::npos) return text;
    const auto start = at + key.size() + 3;
    return text.replace(start, text.find('\n', start) - start, value);
}

TEST(Metadata, ReadsVersionOneZeroFilesWithoutTheKeysOfLaterVersions) {
    std::string text = format_metadata(example());
    EXPECT_NE(text.find("format-version = 1.3\n"), std::string::npos);
    text = with_value(text, "format-version", "1.0");
    for (const char* key :
         {"box = ", "periodic = ", "materials = ", "moments = ", "elements = ", "run-id = "}) {
        const auto at = text.find(key);
        ASSERT_NE(at, std::string::npos) << key;
        text.erase(at, text.find('\n', at) - at + 1);
    }
    const SnapshotMetadata back = parse_metadata(text, "old.meta");
    EXPECT_EQ(back.box[0], 0.0);  // unknown: tools fall back to the atoms' extent
    EXPECT_TRUE(back.material_names.empty());
    EXPECT_TRUE(back.material_moments.empty());
    EXPECT_TRUE(back.material_elements.empty());
    EXPECT_TRUE(back.run_id.empty());  // a reader treats the run as unknown
    EXPECT_EQ(back.atoms, 30);
}

TEST(Metadata, RefusesUnknownMajorVersionsAndMalformedFiles) {
    std::string text = format_metadata(example());
    std::string v2 = text;
    v2 = with_value(v2, "format-version", "2.0");
    try {
        parse_metadata(v2, "x.meta");
        ADD_FAILURE();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("format version 2.0 is not supported"),
                  std::string::npos);
    }
    std::string minor = text;
    minor = with_value(minor, "format-version", "1.7");
    EXPECT_NO_THROW(parse_metadata(minor, "x.meta"));  // minor versions only add fields
    std::string missing = text;
    missing.erase(missing.find("atoms = "),
                  missing.find('\n', missing.find("atoms = ")) - missing.find("atoms = ") + 1);
    EXPECT_THROW(parse_metadata(missing, "x.meta"), Error);
    std::string wrong_count = text;
    wrong_count.replace(wrong_count.find("pieces = 2"), 10, "pieces = 3");
    EXPECT_THROW(parse_metadata(wrong_count, "x.meta"), Error);
    EXPECT_THROW(parse_metadata("hello\n", "x.meta"), Error);
}

TEST(Metadata, AtomicWriteReplacesWholeFiles) {
    const std::string dir = "metadata_test_dir";
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/a.meta";
    write_file_atomically(path, "first version, longer than the second\n");
    write_file_atomically(path, "second\n");
    EXPECT_EQ(read_whole_file(path), "second\n");
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
    EXPECT_THROW(write_file_atomically(dir + "/no/such/dir/a.meta", "x"), LocalError);
    std::filesystem::remove_all(dir);
}
