-- | Phase 5: text in three representations (String, strict Text, strict
-- and lazy ByteString) built from the same lines.
module Leak.Strings (Corpus, makeCorpus, corpusChecksum) where

import qualified Data.ByteString.Char8 as B
import qualified Data.ByteString.Lazy.Char8 as BL
import qualified Data.Text as T
import Leak.Work (mix)

data Corpus = Corpus
  { asStrings :: [String]
  , asText :: [T.Text]
  , asBytes :: [B.ByteString]
  , asLazy :: BL.ByteString
  }

line :: Int -> String
line i = "line " ++ show i ++ " of the corpus: " ++ show (i * i `mod` 10007)

makeCorpus :: Int -> Corpus
makeCorpus n = Corpus ss ts bs lz
  where
    ss = map line [1 .. n]
    ts = map (T.toUpper . T.pack) ss
    bs = map B.pack ss
    lz = BL.fromChunks bs

corpusChecksum :: Int -> Corpus -> Int
corpusChecksum salt c =
  foldl mix salt
    [ sum (map length (asStrings c))
    , sum (map T.length (asText c))
    , sum (map B.length (asBytes c))
    , fromIntegral (BL.length (asLazy c))
    , length (filter (T.isInfixOf (T.pack "99")) (asText c))
    ]
